import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { contactRequest, formSubmitRequest, subscribeRequest } from './forms.ts';

/** The forms' calls (§3.9, §5): the shopper app imports this module when a form is first sent. */

/** A success without data of its own. */
const done = z.object({ data: z.object({ ok: z.literal(true) }) });

/** A dynamic form may carry files (each at most 2 MB, sent as base64), so its body may be larger than others. */
export const FORM_BODY_LIMIT_BYTES = 12 * 1024 * 1024;

/** What the sections' forms send (§3.9, §5); a refusal names every field at fault. */
export const formEndpoints = {
  submitForm: endpoint({
    method: 'POST',
    path: '/api/Form/Submit',
    caller: 'visitor',
    body: formSubmitRequest,
    answer: done,
    bodyLimit: FORM_BODY_LIMIT_BYTES,
    refusal: 'fields',
  }),
  sendContact: endpoint({
    method: 'POST',
    path: '/api/Contact/Send',
    caller: 'visitor',
    body: contactRequest,
    answer: done,
    refusal: 'fields',
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/Form/Subscribe',
    caller: 'visitor',
    body: subscribeRequest,
    answer: done,
    refusal: 'fields',
  }),
};
