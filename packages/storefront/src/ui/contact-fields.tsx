import { contactFields } from '../client/checkout-rules.ts';
import { Field } from './field.tsx';

/**
 * Email and phone as the store's contact requirement mode (§3.15) asks for them: required, optional (labelled so)
 * or not asked. Sign-up and checkout both use it, so the two never disagree about a store's rule.
 */
export function ContactFields({
  mode,
  fieldError = () => undefined,
  defaults = {},
}: {
  mode: number;
  fieldError?: (name: 'email' | 'phone') => string | undefined;
  defaults?: { email?: string | null | undefined; phone?: string | null | undefined };
}) {
  const contact = contactFields(mode);
  return (
    <>
      {contact.email !== 'hidden' ? (
        <Field
          label={contact.email === 'optional' ? 'Email (optional)' : 'Email'}
          name="email"
          type="email"
          autoComplete="email"
          required={contact.email === 'required'}
          defaultValue={defaults.email ?? ''}
          error={fieldError('email')}
          hint={contact.email === 'optional' && contact.phone === 'optional' ? 'Give an email or a phone number' : undefined}
        />
      ) : null}
      {contact.phone !== 'hidden' ? (
        <Field
          label={contact.phone === 'optional' ? 'Phone (optional)' : 'Phone'}
          name="phone"
          type="tel"
          autoComplete="tel"
          required={contact.phone === 'required'}
          defaultValue={defaults.phone ?? ''}
          error={fieldError('phone')}
        />
      ) : null}
    </>
  );
}
