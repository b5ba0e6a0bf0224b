// @vitest-environment jsdom
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_FORM_FILE_BYTES, validateFormValues, type FormSubmitAnswer } from '@vitrine/commerce';
import { PageRenderer } from '@vitrine/renderer';
import { allSectionsPage } from '../all-sections.fixture.ts';
import { FormSubmitProvider, formFieldsOf, renderRegistry, sectionRegistry, type FormSubmitter } from '../index.ts';

// Reading files and re-rendering can take longer than the 1 s default on a busy two-core machine.
configure({ asyncUtilTimeout: 5000 });
afterEach(cleanup);

const formsSection = allSectionsPage.sections.find((section) => section.type === 21)!;

function renderSection(section: (typeof allSectionsPage.sections)[number], submit?: FormSubmitter['submit']) {
  const page = <PageRenderer registry={renderRegistry} sections={[section]} />;
  return render(submit ? <FormSubmitProvider value={{ submit }}>{page}</FormSubmitProvider> : page);
}

/** The message a control is described by, as a screen reader would reach it. */
function describedText(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('forms section', () => {
  it('shows "{fieldName} is required" beside each empty required field and sends nothing', async () => {
    const submit = vi.fn<FormSubmitter['submit']>();
    renderSection(formsSection, submit);
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('Name is required')).toBeTruthy();
    const name = screen.getByLabelText(/^Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(name)).toBe('Name is required');
    expect(describedText(screen.getByLabelText(/^Email/))).toBe('We only use it to reply. Email is required');
    expect(screen.getByText('Piece is required')).toBeTruthy();
    expect(describedText(screen.getByRole('group', { name: /^Glaze/ }))).toBe('Glaze is required');
    expect(screen.queryByText('Extras is required')).toBeNull();
    expect(submit).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('sends the values by field name, disables the button while sending, then says so in a status region', async () => {
    let answer!: (value: FormSubmitAnswer) => void;
    const submit = vi.fn<FormSubmitter['submit']>(() => new Promise((resolve) => (answer = resolve)));
    renderSection(formsSection, submit);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Piece/), { target: { value: 'Vase' } });
    fireEvent.click(screen.getByLabelText('Moss'));
    fireEvent.click(screen.getByLabelText('Engraving'));
    const file = new File(['hello'], 'sketch.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Sketch or photo'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit).toHaveBeenCalledWith('form', {
      sectionId: 'forms',
      values: {
        Name: 'Ada',
        Email: 'ada@example.com',
        Piece: 'Vase',
        Glaze: 'Moss',
        Extras: ['Engraving'],
        Details: '',
        'Sketch or photo': { name: 'sketch.png', base64: 'aGVsbG8=' },
      },
    });
    const button = screen.getByRole('button', { name: 'Sending…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    answer({ ok: true });
    // The status region is there from the start (so screen readers hear it change); wait for its words.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Thank you! We will send your quote within three days.'));
    expect((screen.getByRole('button', { name: 'Send request' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the messages the server answers with', async () => {
    const submit = vi.fn<FormSubmitter['submit']>(async () => ({ ok: false, errors: { Piece: 'Piece is sold out this month' } }));
    renderSection(formsSection, submit);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Piece/), { target: { value: 'Vase' } });
    fireEvent.click(screen.getByLabelText('Sand'));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Piece is sold out this month')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please check the fields marked and try again.');
  });

  it('refuses a file over the size cap without reading it', async () => {
    const submit = vi.fn<FormSubmitter['submit']>();
    renderSection(formsSection, submit);
    const big = new File([new Uint8Array(MAX_FORM_FILE_BYTES + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Sketch or photo'), { target: { files: [big] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Sketch or photo must be at most 2 MB')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('says plainly when there is nowhere to send the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSection({ ...formsSection, blocks: [{ id: 'n', settings: { field_name: 'Note', input_type: 'text' } }] });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be sent/);
    vi.restoreAllMocks();
  });
});

describe('formFieldsOf', () => {
  it('gives the server the same fields the shopper sees', () => {
    expect(formFieldsOf(formsSection)).toEqual([
      { fieldName: 'Name', inputType: 'text', isMandatory: '1', options: [] },
      { fieldName: 'Email', inputType: 'text', isMandatory: '1', options: [] },
      { fieldName: 'Piece', inputType: 'dropdown', isMandatory: '1', options: ['Mug', 'Bowl', 'Plate set', 'Vase'] },
      { fieldName: 'Glaze', inputType: 'radio', isMandatory: '1', options: ['Sand', 'Moss', 'Midnight'] },
      { fieldName: 'Extras', inputType: 'checkbox', isMandatory: '0', options: ['Gift wrap', 'Engraving'] },
      { fieldName: 'Details', inputType: 'textarea', isMandatory: '0', options: [] },
      { fieldName: 'Sketch or photo', inputType: 'file', isMandatory: '0', options: [] },
    ]);
  });

  it('numbers repeated names, drops fields that cannot work, and answers null for other sections', () => {
    const fields = formFieldsOf({
      type: 21,
      blocks: [
        { id: 'a', settings: { field_name: 'Email', input_type: 'text' } },
        { id: 'b', settings: { field_name: 'Email', input_type: 'text', is_mandatory: true } },
        { id: 'c', settings: { field_name: 'Size', input_type: 'radio', options: '' } },
        { id: 'd', settings: { field_name: '   ', input_type: 'text' } },
      ],
    });
    expect(fields?.map((f) => f.fieldName)).toEqual(['Email', 'Email 2']);
    expect(validateFormValues(fields!, {})).toEqual({ ok: false, errors: { 'Email 2': 'Email 2 is required' } });
    expect(formFieldsOf({ type: 18, blocks: [] })).toBeNull();
  });
});

describe('contact and subscribe', () => {
  it('contact: names each missing field, then sends a contactRequest', async () => {
    const submit = vi.fn<FormSubmitter['submit']>(async () => ({ ok: true }));
    renderSection(sectionRegistry[18].create('c'), submit);
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'Do you ship to Norway?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith('contact', {
        name: 'Ada',
        email: 'ada@example.com',
        message: 'Do you ship to Norway?',
        sectionId: 'c',
      }),
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Thank you/));
  });

  it('subscribe: refuses an address that is not an email', async () => {
    const submit = vi.fn<FormSubmitter['submit']>(async () => ({ ok: true }));
    renderSection(sectionRegistry[20].create('n'), submit);
    const email = screen.getByLabelText('Email address');
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith('subscribe', { email: 'ada@example.com', sectionId: 'n' }));
  });
});
