import { z } from 'zod';
import type { ContactRequest, FormValues, SubscribeRequest } from '@vitrine/commerce';
import type { FormSubmitter } from '@vitrine/sections';
import { ApiCallError, type ApiClient } from './client/api-client.ts';

const fieldErrors = z.object({ errors: z.record(z.string(), z.string()) });

/**
 * Sends the sections' forms to the server. A dynamic form also carries the id of the page on screen, so the server
 * checks the values against that page's published fields; the server's field messages come back to the form. The
 * forms' calls are imported when a form is first sent, so a page does not build their schemas for a form nobody sends.
 */
export function formSubmitter(api: ApiClient, pageId: number | null): FormSubmitter {
  return {
    async submit(kind, body) {
      try {
        const { formEndpoints } = await import('@vitrine/commerce/form-endpoints');
        if (kind === 'form') {
          const form = body as { sectionId: string; values: FormValues };
          await api.request(formEndpoints.submitForm, { body: { ...form, pageId: pageId ?? 0 } });
        } else {
          const context = pageId ? { pageId } : {};
          if (kind === 'contact') await api.request(formEndpoints.sendContact, { body: { ...(body as ContactRequest), ...context } });
          else await api.request(formEndpoints.subscribe, { body: { ...(body as SubscribeRequest), ...context } });
        }
        return { ok: true };
      } catch (error) {
        if (error instanceof ApiCallError && error.status === 400) {
          const parsed = fieldErrors.safeParse(error.body);
          const errors = parsed.success ? parsed.data.errors : error.field ? { [error.field]: error.message.replace(/^[\w.]+: /, '') } : {};
          return { ok: false, errors, message: error.message };
        }
        if (error instanceof ApiCallError && error.status === 429) return { ok: false, errors: {}, message: error.message };
        throw error;
      }
    },
  };
}
