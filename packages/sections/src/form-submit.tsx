import { createContext, use, useEffect, useRef, useState, type RefObject } from 'react';
import type { ContactRequest, FormSubmitAnswer, FormValues, SubscribeRequest } from '@vitrine/commerce';

/** The three forms sections send: the owner's dynamic forms (21), contact (18) and subscribe (20, and the footer). */
export type FormKind = 'form' | 'contact' | 'subscribe';

/**
 * What a section hands the submitter for each kind. A dynamic form sends its section id and values; the page id the
 * server needs (`formSubmitRequest`) is added by the submitter, which knows the page on screen.
 */
export interface FormSubmissions {
  form: { sectionId: string; values: FormValues };
  contact: ContactRequest;
  subscribe: SubscribeRequest;
}

/** Sends a form to the shop and answers as the server did; rejects when it could not be sent at all. */
export interface FormSubmitter {
  submit<K extends FormKind>(kind: K, body: FormSubmissions[K]): Promise<FormSubmitAnswer>;
}

// Outside the storefront (a test, the studio's preview) there is nowhere to send to; saying so beats pretending.
const notConnected: FormSubmitter = {
  submit: (kind) => Promise.reject(new Error(`The ${kind} form cannot be sent here: no FormSubmitProvider gives it a way to send.`)),
};

const FormSubmitContext = createContext<FormSubmitter>(notConnected);

/** Supplies how the forms of the sections are sent; the storefront provides one that posts to the server. */
export const FormSubmitProvider = FormSubmitContext;

/** The submitter of the nearest `FormSubmitProvider`. */
export function useFormSubmit(): FormSubmitter {
  return use(FormSubmitContext);
}

const SEND_FAILED = 'Sorry, this could not be sent. Please check your connection and try again.';
const CHECK_FIELDS = 'Please check the fields marked and try again.';

/**
 * The state of one form on screen: idle, sending or sent; the message of each field at fault; and a message for the
 * whole form. Moves focus to the first field at fault, so keyboard and screen reader users land on the problem.
 */
export function useFormSending(formRef: RefObject<HTMLFormElement | null>) {
  const { submit } = useFormSubmit();
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const focusPending = useRef(false);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors, formRef]);

  /** Shows field messages found before sending. */
  function refuse(fieldErrors: Record<string, string>) {
    focusPending.current = true;
    setErrors(fieldErrors);
    setProblem('');
    setStatus('idle');
  }

  /** Sends and shows the outcome; true when the shop accepted it. */
  async function send<K extends FormKind>(kind: K, body: FormSubmissions[K]): Promise<boolean> {
    setStatus('sending');
    setErrors({});
    setProblem('');
    try {
      const answer = await submit(kind, body);
      if (answer.ok) {
        setStatus('sent');
        return true;
      }
      focusPending.current = true;
      setErrors(answer.errors);
      setProblem(answer.message ?? CHECK_FIELDS);
    } catch (error) {
      console.error(error);
      setProblem(SEND_FAILED);
    }
    setStatus('idle');
    return false;
  }

  return { status, errors, problem, refuse, send };
}

/** The messages under a form: the success message in a polite live region, a failure as an alert. */
export function FormOutcome({ sent, success, problem }: { sent: boolean; success: string; problem: string }) {
  return (
    <>
      <p role="status" className={sent ? 'vt-form-success' : 'vt-form-status-idle'}>
        {sent ? success : ''}
      </p>
      {problem ? (
        <p role="alert" className="vt-form-problem">
          {problem}
        </p>
      ) : null}
    </>
  );
}

/** A field's message, linked to its control by `aria-describedby`. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="vt-field-error">
      {message}
    </p>
  ) : null;
}

/** The asterisk after a required field's label; the control's `required` is what screen readers announce. */
export function RequiredMark() {
  return (
    <span className="vt-required" aria-hidden="true">
      *
    </span>
  );
}
