import type { z } from 'zod';
import {
  MAX_REDIRECT_RULES,
  redirectLoop,
  type RedirectStatus,
  type StoreRedirectSettings,
  type saveRedirectRequest,
} from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';

/**
 * The owner's redirect rules (§2.1) and the store's `redirectURL` (§3.2), as the studio edits them. A rule is refused
 * (400, naming the field) when its source is a path the store answers itself (`reservedRoute`: the route table's
 * routes and the server's own), when another rule has its source, or when following the rules from it comes back to
 * where it started; the store's rows are locked while a change is checked and written, so two owners saving at once
 * cannot make a loop between them. Every call goes through the store-scoped database.
 */

/** The route a path is answered by that no rule may take over, or null: `/checkout`, `/order/:id`, `/api/*`… */
export type ReservedRoute = (path: string) => string | null;

/** The store's rules, in the order of their source paths, and where the whole store has moved ('' for nowhere). */
export async function loadRedirectSettings(store: Db): Promise<StoreRedirectSettings> {
  const [rules, site] = await Promise.all([
    store.selectFrom('redirect_rules').select(['rule_id', 'from_path', 'target', 'status']).orderBy('from_path').execute(),
    store.selectFrom('sites').select('redirect_url').executeTakeFirstOrThrow(),
  ]);
  return {
    rules: rules.map((rule) => ({
      ruleId: rule.rule_id,
      fromPath: rule.from_path,
      to: rule.target,
      status: rule.status as RedirectStatus,
    })),
    redirectURL: site.redirect_url,
  };
}

/** The names of the store's own domains, lower-case: an address on one of them is a path of this store. */
async function ownHosts(store: Db): Promise<Set<string>> {
  const domains = await store.selectFrom('site_domains').select('domain').execute();
  return new Set(domains.map((row) => row.domain.toLowerCase()));
}

/** Adds a rule, or changes the one `ruleId` names; the store's rules afterwards. */
export async function saveRedirectRule(
  store: Db,
  webId: number,
  rule: z.output<typeof saveRedirectRequest>,
  reservedRoute: ReservedRoute,
): Promise<StoreRedirectSettings> {
  const reserved = reservedRoute(rule.fromPath);
  if (reserved)
    throw new HttpError(
      400,
      'REDIRECT_RESERVED',
      `fromPath: ${rule.fromPath} is one of the store's own pages (${reserved}); a rule cannot send it elsewhere`,
      'fromPath',
    );
  await store.transaction().execute(async (trx) => {
    // One change at a time per store: what is checked below is what the write lands on.
    await trx.selectFrom('sites').select('web_id').forUpdate().executeTakeFirstOrThrow();
    const rules = await trx.selectFrom('redirect_rules').select(['rule_id', 'from_path', 'target']).execute();
    if (rule.ruleId !== undefined && !rules.some((row) => row.rule_id === rule.ruleId))
      throw new HttpError(404, 'NOT_FOUND', 'ruleId: this store has no such redirect rule', 'ruleId');
    const others = rules.filter((row) => row.rule_id !== rule.ruleId);
    if (others.some((row) => row.from_path === rule.fromPath))
      throw new HttpError(400, 'REDIRECT_DUPLICATE', `fromPath: ${rule.fromPath} already has a redirect rule`, 'fromPath');
    if (rule.ruleId === undefined && rules.length >= MAX_REDIRECT_RULES)
      throw new HttpError(400, 'REDIRECT_LIMIT', `fromPath: a store keeps at most ${MAX_REDIRECT_RULES} redirect rules`, 'fromPath');
    const hosts = await ownHosts(trx);
    const after = [...others.map((row) => ({ fromPath: row.from_path, to: row.target })), { fromPath: rule.fromPath, to: rule.to }];
    const loop = redirectLoop(after, rule.fromPath, hosts);
    if (loop)
      throw new HttpError(
        400,
        'REDIRECT_LOOP',
        loop.length === 2
          ? `to: ${rule.to} sends ${rule.fromPath} to itself`
          : `to: ${rule.to} leads back to ${loop.at(-1)} (${loop.join(' → ')}): shoppers would go round in circles`,
        'to',
      );
    const row = { from_path: rule.fromPath, target: rule.to, status: rule.status };
    if (rule.ruleId === undefined)
      await trx
        .insertInto('redirect_rules')
        .values({ web_id: webId, ...row })
        .execute();
    else
      await trx
        .updateTable('redirect_rules')
        .set({ ...row, updated_at: new Date() })
        .where('rule_id', '=', rule.ruleId)
        .execute();
  });
  return loadRedirectSettings(store);
}

/** Removes the rule `ruleId` names (404 when the store has none such); the store's rules afterwards. */
export async function deleteRedirectRule(store: Db, ruleId: number): Promise<StoreRedirectSettings> {
  const removed = await store.deleteFrom('redirect_rules').where('rule_id', '=', ruleId).returning('rule_id').executeTakeFirst();
  if (!removed) throw new HttpError(404, 'NOT_FOUND', 'ruleId: this store has no such redirect rule', 'ruleId');
  return loadRedirectSettings(store);
}

/** Sets where the whole store has moved ('' for nowhere); refused when that is one of the store's own domains. */
export async function saveRedirectUrl(store: Db, redirectURL: string): Promise<StoreRedirectSettings> {
  if (redirectURL && (await ownHosts(store)).has(new URL(redirectURL).hostname.toLowerCase()))
    throw new HttpError(
      400,
      'REDIRECT_LOOP',
      'redirectURL: is this store’s own address; the store would send every shopper to itself, round in circles',
      'redirectURL',
    );
  await store.updateTable('sites').set({ redirect_url: redirectURL }).execute();
  return loadRedirectSettings(store);
}
