import { z } from 'zod';
import { sectionNode } from './page.ts';

/**
 * Forms a shopper fills in on store pages: the owner's dynamic forms (§3.9), the contact form and the newsletter
 * sign-up. The same schemas and `validateFormValues` run in the browser before sending and on the server on receipt,
 * so a shopper sees the server's rules before the round trip and the server never trusts the browser.
 */

/** The input types of a dynamic form field (§3.9). */
export const formInputTypes = ['text', 'textarea', 'radio', 'checkbox', 'dropdown', 'file'] as const;
export type FormInputType = (typeof formInputTypes)[number];

/** The input types whose values must be one of the field's options. */
export const choiceFormInputTypes: readonly FormInputType[] = ['radio', 'checkbox', 'dropdown'];

/** The largest file a form accepts, in bytes; files travel base64-encoded inside the JSON body. */
export const MAX_FORM_FILE_BYTES = 2 * 1024 * 1024;
/** The base64 length of a file of `MAX_FORM_FILE_BYTES`. */
const MAX_FORM_FILE_BASE64 = Math.ceil(MAX_FORM_FILE_BYTES / 3) * 4;
const MAX_TEXT = 500;
const MAX_TEXTAREA = 5000;

/** The wording of every message a form shows, so browser and server say the same thing. */
export const formMessages = {
  required: (fieldName: string) => `${fieldName} is required`,
  /** §5 labels a missing mandatory file "File", whatever the field is called. */
  fileRequired: 'File is required',
  invalidChoice: (fieldName: string) => `${fieldName} has an invalid choice`,
  invalid: (fieldName: string) => `${fieldName} is not valid`,
  tooLong: (fieldName: string, max: number) => `${fieldName} must be at most ${max} characters`,
  fileTooLarge: (fieldName: string) => `${fieldName} must be at most ${MAX_FORM_FILE_BYTES / 1024 / 1024} MB`,
} as const;

/** One field of a dynamic form (§3.9): its name is also its label and the key of its value. */
export const formField = z
  .object({
    fieldName: z.string().trim().min(1).max(80),
    inputType: z.enum(formInputTypes),
    isMandatory: z.enum(['0', '1']).default('0'),
    /** The choices of a radio, checkbox or dropdown field; ignored for the others. */
    options: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  })
  .refine((field) => !choiceFormInputTypes.includes(field.inputType) || field.options.length > 0, {
    message: 'a choice field needs at least one option',
    path: ['options'],
  });
export type FormField = z.infer<typeof formField>;

/** A file as a form sends it: its name and its content in base64 (no `data:` prefix). */
export const formFileValue = z.object({
  name: z.string().max(255),
  base64: z
    .string()
    .max(MAX_FORM_FILE_BASE64)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});
export type FormFileValue = z.infer<typeof formFileValue>;

/** The value of one field: text for text, textarea, radio and dropdown; a list for checkbox; a file for file. */
export const formValue = z.union([z.string().max(MAX_TEXTAREA), z.array(z.string().max(200)).max(50), formFileValue]);
export type FormValue = z.infer<typeof formValue>;

/** The values of a form by field name. */
export const formValues = z.record(z.string().max(80), formValue);
export type FormValues = z.infer<typeof formValues>;

/** What `validateFormValues` gives: the values of the known fields, or a message per field at fault. */
export type FormValidation = { ok: true; values: FormValues } | { ok: false; errors: Record<string, string> };

/**
 * Checks a dynamic form's values against its fields (§5): text, textarea and radio are strings and, when mandatory,
 * must not be blank; a mandatory checkbox needs at least one entry; a mandatory dropdown needs a choice; a mandatory
 * file needs both name and base64; a choice must be one of the field's options. Keys that name no field are dropped.
 */
export function validateFormValues(fields: readonly FormField[], values: unknown): FormValidation {
  const given: Record<string, unknown> =
    typeof values === 'object' && values !== null && !Array.isArray(values) ? (values as Record<string, unknown>) : {};
  const checked: FormValues = {};
  const errors: Record<string, string> = {};

  for (const field of fields) {
    const { fieldName, inputType, options } = field;
    const mandatory = field.isMandatory === '1';
    // Only own keys count: a field named "constructor" must not read Object.prototype.
    const raw = Object.hasOwn(given, fieldName) ? given[fieldName] : undefined;

    switch (inputType) {
      case 'text':
      case 'textarea':
      case 'radio':
      case 'dropdown': {
        if (raw !== undefined && raw !== null && typeof raw !== 'string') {
          errors[fieldName] = formMessages.invalid(fieldName);
          break;
        }
        const text = typeof raw === 'string' ? raw.trim() : '';
        const max = inputType === 'textarea' ? MAX_TEXTAREA : MAX_TEXT;
        if (!text) {
          if (mandatory) errors[fieldName] = formMessages.required(fieldName);
          else checked[fieldName] = '';
        } else if ((inputType === 'radio' || inputType === 'dropdown') && !options.includes(text)) {
          errors[fieldName] = formMessages.invalidChoice(fieldName);
        } else if (text.length > max) {
          errors[fieldName] = formMessages.tooLong(fieldName, max);
        } else {
          checked[fieldName] = text;
        }
        break;
      }
      case 'checkbox': {
        if (raw !== undefined && raw !== null && !(Array.isArray(raw) && raw.every((entry) => typeof entry === 'string'))) {
          errors[fieldName] = formMessages.invalid(fieldName);
          break;
        }
        const chosen = Array.isArray(raw) ? [...new Set(raw as string[])] : [];
        if (chosen.length === 0 && mandatory) errors[fieldName] = formMessages.required(fieldName);
        else if (chosen.some((entry) => !options.includes(entry))) errors[fieldName] = formMessages.invalidChoice(fieldName);
        else checked[fieldName] = chosen;
        break;
      }
      case 'file': {
        if (raw === undefined || raw === null || raw === '') {
          if (mandatory) errors[fieldName] = formMessages.fileRequired;
          break;
        }
        const file = formFileValue.safeParse(raw);
        if (!file.success) {
          const base64 = (raw as { base64?: unknown }).base64;
          errors[fieldName] =
            typeof base64 === 'string' && base64.length > MAX_FORM_FILE_BASE64
              ? formMessages.fileTooLarge(fieldName)
              : formMessages.invalid(fieldName);
        } else if (!file.data.name.trim() || !file.data.base64) {
          // A file counts as given only with both its name and its content.
          if (mandatory) errors[fieldName] = formMessages.fileRequired;
        } else {
          checked[fieldName] = { name: file.data.name.trim(), base64: file.data.base64 };
        }
        break;
      }
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values: checked };
}

const optionalPageId = z.number().int().positive().optional();
const optionalSectionId = sectionNode.shape.id.optional();
const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

/** `POST /api/Forms/SubmitForm`: the values of a dynamic form, checked against the fields of the published section. */
export const formSubmitRequest = z.object({
  pageId: z.number().int().positive(),
  sectionId: sectionNode.shape.id,
  values: z.record(z.string().max(80), z.unknown()).refine((values) => Object.keys(values).length <= 100, 'too many values'),
});
export type FormSubmitRequest = z.infer<typeof formSubmitRequest>;

/** `POST /api/Forms/Contact`: a message to the shop. The page and section say where it was sent from. */
export const contactRequest = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  email,
  phone: z
    .string()
    .trim()
    .max(40, 'Phone must be at most 40 characters')
    .regex(/^[0-9+()\-.\s]*$/, 'Enter a phone number using digits, spaces and + ( ) - .')
    .optional(),
  message: z.string().trim().min(1, 'Message is required').max(5000, 'Message must be at most 5000 characters'),
  pageId: optionalPageId,
  sectionId: optionalSectionId,
});
export type ContactRequest = z.infer<typeof contactRequest>;

/** `POST /api/Forms/Subscribe`: a newsletter sign-up. */
export const subscribeRequest = z.object({
  email,
  pageId: optionalPageId,
  sectionId: optionalSectionId,
});
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

/**
 * The answer to any of the three form requests: accepted, or refused with a message per field (keyed as the request
 * names them; a dynamic form's by field name) and an optional message for the whole form.
 */
export const formSubmitAnswer = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), message: z.string().optional() }),
  z.object({ ok: z.literal(false), errors: z.record(z.string(), z.string()), message: z.string().optional() }),
]);
export type FormSubmitAnswer = z.infer<typeof formSubmitAnswer>;

/** Field messages of a failed parse of `contactRequest` or `subscribeRequest`, keyed by field, first message wins. */
export function requestErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}
