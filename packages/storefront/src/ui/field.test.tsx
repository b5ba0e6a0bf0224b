// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppForm, Field, fieldMessage, SubmitButton, TextAreaField } from './field.tsx';

afterEach(cleanup);

function SignInLike({ onValues, errors }: { onValues: (values: Record<string, string>) => void; errors?: Record<string, string> }) {
  return (
    <AppForm onValues={onValues} errors={errors}>
      <Field label="Email" name="email" type="email" required />
      <Field label="Password" name="password" type="password" required />
      <TextAreaField label="Note (optional)" name="note" />
      <SubmitButton>Sign in</SubmitButton>
    </AppForm>
  );
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await Promise.resolve();
  });
}

describe('form messages name their field (issue 13, item 5)', () => {
  it('an empty sign-in form says "Email is a required field", marks each field invalid, describes it, and focuses the first', async () => {
    const onValues = vi.fn();
    render(<SignInLike onValues={onValues} />);
    await submit();
    expect(onValues).not.toHaveBeenCalled();
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('Email is a required field');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe('Password is a required field');
    expect(document.activeElement).toBe(email);
    expect(screen.getByLabelText('Note (optional)').getAttribute('aria-invalid')).toBeNull();
  });

  it('focuses the first field at fault, here the password, and sends once every field is right', async () => {
    const onValues = vi.fn();
    render(<SignInLike onValues={onValues} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-address' } });
    await submit();
    expect(screen.getByText('Email must be a valid email')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.test' } });
    await submit();
    expect(screen.queryByText(/Email/, { selector: '.vt-field-error' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret words' } });
    await submit();
    expect(onValues).toHaveBeenCalledWith({ email: 'sam@example.test', password: 'secret words', note: '' }, expect.anything());
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's message for a field under that field, naming it, and focuses it", async () => {
    const { rerender } = render(<SignInLike onValues={() => {}} />);
    rerender(<SignInLike onValues={() => {}} errors={{ password: 'must be at least 8 characters' }} />);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe('Password must be at least 8 characters');
    expect(document.activeElement).toBe(password);
  });

  it('keeps a message that is a sentence of its own, and drops the field path the server prefixes', () => {
    expect(fieldMessage('Email', 'is a required field')).toBe('Email is a required field');
    expect(fieldMessage('Phone (optional)', 'phone: must be a phone number')).toBe('Phone must be a phone number');
    expect(fieldMessage('Confirm password', 'Passwords do not match')).toBe('Passwords do not match');
  });
});
