import { describe, expect, it } from 'vitest';
import {
  MAX_FORM_FILE_BYTES,
  contactRequest,
  formField,
  formSubmitAnswer,
  formSubmitRequest,
  requestErrors,
  subscribeRequest,
  validateFormValues,
  type FormField,
} from './index.ts';

const field = (input: Partial<FormField> & Pick<FormField, 'fieldName' | 'inputType'>): FormField => formField.parse(input);

const name = field({ fieldName: 'Name', inputType: 'text', isMandatory: '1' });
const note = field({ fieldName: 'Note', inputType: 'textarea', isMandatory: '1' });
const size = field({ fieldName: 'Size', inputType: 'radio', isMandatory: '1', options: ['S', 'M', 'L'] });
const extras = field({ fieldName: 'Extras', inputType: 'checkbox', isMandatory: '1', options: ['Gift wrap', 'Card'] });
const colour = field({ fieldName: 'Colour', inputType: 'dropdown', isMandatory: '1', options: ['Blue', 'Sand'] });
const drawing = field({ fieldName: 'Drawing', inputType: 'file', isMandatory: '1' });
const fields = [name, note, size, extras, colour, drawing];

const filled = {
  Name: 'Ada',
  Note: 'Engrave "A".',
  Size: 'M',
  Extras: ['Card'],
  Colour: 'Sand',
  Drawing: { name: 'sketch.png', base64: 'aGVsbG8=' },
};

describe('validateFormValues (§5)', () => {
  it('accepts a complete form and keeps only the values of known fields', () => {
    expect(validateFormValues(fields, { ...filled, Unknown: 'dropped' })).toEqual({ ok: true, values: filled });
  });

  it('says "{fieldName} is required" for blank mandatory text, textarea, radio, checkbox and dropdown', () => {
    const result = validateFormValues(fields, { ...filled, Name: '   ', Note: '', Size: '', Extras: [], Colour: '' });
    expect(result).toEqual({
      ok: false,
      errors: {
        Name: 'Name is required',
        Note: 'Note is required',
        Size: 'Size is required',
        Extras: 'Extras is required',
        Colour: 'Colour is required',
      },
    });
  });

  it('treats a missing value like a blank one', () => {
    const result = validateFormValues(fields, {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['Colour', 'Drawing', 'Extras', 'Name', 'Note', 'Size']);
  });

  it('labels a missing mandatory file "File", and needs both its name and its content', () => {
    for (const Drawing of [undefined, { name: 'sketch.png', base64: '' }, { name: '', base64: 'aGVsbG8=' }]) {
      expect(validateFormValues([drawing], { Drawing })).toEqual({ ok: false, errors: { Drawing: 'File is required' } });
    }
  });

  it('lets optional fields stay empty', () => {
    const optional = fields.map((f) => ({ ...f, isMandatory: '0' as const }));
    expect(validateFormValues(optional, {})).toEqual({ ok: true, values: { Name: '', Note: '', Size: '', Extras: [], Colour: '' } });
  });

  it('refuses a value that is not among the options of a choice field', () => {
    expect(validateFormValues([size, extras, colour], { Size: 'XL', Extras: ['Card', 'Balloon'], Colour: 'Red' })).toEqual({
      ok: false,
      errors: { Size: 'Size has an invalid choice', Extras: 'Extras has an invalid choice', Colour: 'Colour has an invalid choice' },
    });
    const optionalSize = { ...size, isMandatory: '0' as const };
    expect(validateFormValues([optionalSize], { Size: 'XL' })).toEqual({ ok: false, errors: { Size: 'Size has an invalid choice' } });
  });

  it('refuses values of the wrong shape', () => {
    expect(validateFormValues([name, extras], { Name: ['Ada'], Extras: 'Card' })).toEqual({
      ok: false,
      errors: { Name: 'Name is not valid', Extras: 'Extras is not valid' },
    });
  });

  it('refuses files over the size cap and content that is not base64', () => {
    const big = 'A'.repeat(Math.ceil(MAX_FORM_FILE_BYTES / 3) * 4 + 4);
    expect(validateFormValues([drawing], { Drawing: { name: 'big.png', base64: big } })).toEqual({
      ok: false,
      errors: { Drawing: 'Drawing must be at most 2 MB' },
    });
    expect(validateFormValues([drawing], { Drawing: { name: 'x.png', base64: 'not base64!' } })).toEqual({
      ok: false,
      errors: { Drawing: 'Drawing is not valid' },
    });
  });

  it('caps the length of text', () => {
    expect(validateFormValues([name], { Name: 'x'.repeat(501) })).toEqual({
      ok: false,
      errors: { Name: 'Name must be at most 500 characters' },
    });
  });

  it('does not read values from the object prototype', () => {
    const odd = field({ fieldName: 'constructor', inputType: 'text', isMandatory: '1' });
    expect(validateFormValues([odd], {})).toEqual({ ok: false, errors: { constructor: 'constructor is required' } });
  });
});

describe('formField', () => {
  it('defaults to optional with no options, and needs options for a choice field', () => {
    expect(formField.parse({ fieldName: 'Name', inputType: 'text' })).toEqual({
      fieldName: 'Name',
      inputType: 'text',
      isMandatory: '0',
      options: [],
    });
    expect(formField.safeParse({ fieldName: 'Size', inputType: 'radio' }).success).toBe(false);
    expect(formField.safeParse({ fieldName: ' ', inputType: 'text' }).success).toBe(false);
    expect(formField.safeParse({ fieldName: 'Name', inputType: 'date' }).success).toBe(false);
  });
});

describe('form requests', () => {
  it('checks a contact message with readable messages per field', () => {
    const result = contactRequest.safeParse({ name: ' ', email: 'nope', message: '' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(requestErrors(result.error)).toEqual({
        name: 'Name is required',
        email: 'Enter a valid email address',
        message: 'Message is required',
      });
    }
    expect(contactRequest.parse({ name: 'Ada', email: ' ada@example.com ', message: 'Hi', phone: '+44 20 7946 0000' })).toMatchObject({
      email: 'ada@example.com',
    });
  });

  it('needs an email to subscribe', () => {
    const result = subscribeRequest.safeParse({ email: '' });
    expect(result.success).toBe(false);
    if (!result.success) expect(requestErrors(result.error)).toEqual({ email: 'Email is required' });
    expect(subscribeRequest.safeParse({ email: 'ada@example.com', sectionId: 'sub-1' }).success).toBe(true);
  });

  it('needs the page and section of a dynamic form', () => {
    expect(formSubmitRequest.safeParse({ sectionId: 'f1', values: {} }).success).toBe(false);
    expect(formSubmitRequest.safeParse({ pageId: 3, sectionId: 'f 1', values: {} }).success).toBe(false);
    expect(formSubmitRequest.safeParse({ pageId: 3, sectionId: 'f1', values: { Name: 'Ada' } }).success).toBe(true);
  });

  it('answers either ok or field errors', () => {
    expect(formSubmitAnswer.parse({ ok: false, errors: { Name: 'Name is required' } })).toEqual({
      ok: false,
      errors: { Name: 'Name is required' },
    });
    expect(formSubmitAnswer.safeParse({ ok: false }).success).toBe(false);
  });
});
