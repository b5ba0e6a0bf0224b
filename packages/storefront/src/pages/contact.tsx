import { useState } from 'react';
import { formEndpoints } from '@vitrine/commerce';
import { useApi } from '../app-context.tsx';
import { ApiCallError } from '../client/api-client.ts';
import { AppForm, Field, FormNotice, SubmitButton, TextAreaField } from '../ui/field.tsx';
import { PageShell } from './page-shell.tsx';

/** /contact: a message to the store, checked here and again on the server, stored and mailed to the owner. */
export function ContactPage() {
  const api = useApi();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <PageShell heading="Contact us" breadcrumbs={[{ label: 'Contact' }]} narrow>
      {sent ? (
        <FormNotice kind="success">Thank you — your message has been sent. We will reply as soon as we can.</FormNotice>
      ) : (
        <AppForm
          onValues={(values) => {
            const found: Record<string, string> = {};
            if (!values['name']?.trim()) found['name'] = 'Name is a required field';
            if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values['email'] ?? ''))
              found['email'] = values['email'] ? 'Email must be a valid email' : 'Email is a required field';
            if (!values['message']?.trim()) found['message'] = 'Message is a required field';
            setErrors(found);
            if (Object.keys(found).length) return;
            setBusy(true);
            setFailure(null);
            api
              .request(formEndpoints.sendContact, {
                body: {
                  name: values['name'] ?? '',
                  email: values['email'] ?? '',
                  ...(values['phone'] ? { phone: values['phone'] } : {}),
                  message: values['message'] ?? '',
                },
              })
              .then(() => setSent(true))
              .catch((caught) => {
                const fieldMessages = (caught as ApiCallError).body as { errors?: Record<string, string> } | undefined;
                if (caught instanceof ApiCallError && fieldMessages?.errors) setErrors(fieldMessages.errors);
                else if (caught instanceof ApiCallError && caught.field)
                  setErrors({ [caught.field]: caught.message.replace(/^[\w.]+: /, '') });
                else setFailure(caught instanceof ApiCallError ? caught.message : 'Something went wrong');
              })
              .finally(() => setBusy(false));
          }}
        >
          {failure ? <FormNotice kind="error">{failure}</FormNotice> : null}
          <Field label="Name" name="name" autoComplete="name" required error={errors['name']} />
          <Field label="Email" name="email" type="email" autoComplete="email" required error={errors['email']} />
          <Field label="Phone (optional)" name="phone" type="tel" autoComplete="tel" error={errors['phone']} />
          <TextAreaField label="Message" name="message" rows={6} required error={errors['message']} />
          <SubmitButton busy={busy}>{busy ? 'Sending…' : 'Send message'}</SubmitButton>
        </AppForm>
      )}
    </PageShell>
  );
}
