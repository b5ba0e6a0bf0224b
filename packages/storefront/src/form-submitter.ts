import { z } from 'zod';
import type { FormSubmitter } from '@vitrine/sections';
import { ApiCallError, type ApiClient } from './client/api-client.ts';

const paths = { form: '/api/Form/Submit', contact: '/api/Contact/Send', subscribe: '/api/Form/Subscribe' } as const;
const fieldErrors = z.object({ errors: z.record(z.string(), z.string()) });

/**
 * Sends the sections' forms to the server. A dynamic form also carries the id of the page on screen, so the server
 * checks the values against that page's published fields; the server's field messages come back to the form.
 */
export function formSubmitter(api: ApiClient, pageId: number | null): FormSubmitter {
  return {
    async submit(kind, body) {
      const payload = kind === 'form' ? { ...body, pageId: pageId ?? 0 } : { ...body, ...(pageId ? { pageId } : {}) };
      try {
        await api.call(paths[kind], z.unknown(), { body: payload });
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
