import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formEndpoints } from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { sendContact, submitForm, subscribe } from '../shop/forms.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';
import { perAddress } from './rate-limits.ts';
import { requireSite } from './site.ts';

/** Form posts per visitor: enough for real people, too few for a spam run. */
const formsPerIp = { limit: 20, windowSeconds: 10 * 60 };
/** Form sends are counted per store and address. */
const perStoreAddress = (db: Db) => async (request: FastifyRequest) => `${await requireSite(db, request)}:${request.ip}`;

/**
 * What the sections' forms send (§3.9, §5): the owner's dynamic forms, checked again here against the fields of the
 * page as published (never the browser's copy); contact messages, stored and mailed to the store's owners; and
 * newsletter sign-ups. Every one is stored in the store's own rows, or refused whole.
 */
export function registerFormsApi(app: FastifyInstance, deps: ApiDeps): void {
  const { everyStore, mailer } = deps;
  registerEndpoints(app, deps, formEndpoints, {
    submitForm: {
      ...perAddress(formsPerIp, 'form', perStoreAddress(everyStore)),
      handle: ({ body, caller: { webId }, store }) => submitForm(store, webId, body),
    },

    sendContact: {
      ...perAddress(formsPerIp, 'contact', perStoreAddress(everyStore)),
      handle: ({ body, caller: { webId }, request, store }) =>
        sendContact(store, mailer, webId, body, (details, message) => request.log.error(details, message)),
    },

    subscribe: {
      ...perAddress(formsPerIp, 'subscribe', perStoreAddress(everyStore)),
      handle: ({ body, caller: { webId }, store }) => subscribe(store, webId, body),
    },
  });
}
