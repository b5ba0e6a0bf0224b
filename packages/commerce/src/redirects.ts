import { z } from 'zod';

/**
 * The owner's redirect rules (§2.1 "a route rule may redirect, internally or to an external address") and the store's
 * `redirectURL` (§3.2): what a rule is, how its paths compare, and when a set of rules sends a shopper round in a
 * circle. The server applies them before the route table; the studio edits them.
 */

/** How many rules one store may keep. */
export const MAX_REDIRECT_RULES = 500;
/** The longest source path and target a rule may have. */
export const MAX_REDIRECT_PATH = 500;
export const MAX_REDIRECT_TARGET = 2000;

/** The answers a rule may give: moved for good (301, kept by browsers and search engines) or for now (302). */
export const redirectStatuses = [301, 302] as const;
export type RedirectStatus = (typeof redirectStatuses)[number];

/**
 * A path as rules compare it: decoded (`/caf%C3%A9` is `/café`), lower-case, without trailing slashes (`/` stays).
 * Null for a path that does not decode.
 */
export function redirectPathKey(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURI(path);
  } catch {
    return null;
  }
  return (decoded.replace(/\/+$/, '') || '/').toLowerCase();
}

/** What is wrong with a rule's source path, in words, or null. */
function sourceProblem(path: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//')) return 'must be a path on this store starting with /, such as /old-page';
  if (/[?#]/.test(path)) return 'must be a path only, without ? or #';
  if (/[\s\\]|\p{Cc}/u.test(path)) return 'must not hold spaces or backslashes';
  if (redirectPathKey(path) === null) return 'is not a valid address (a % must start an escape such as %20)';
  return null;
}

/** What is wrong with a rule's target, in words, or null: a path on this store, or an http(s) address elsewhere. */
function targetProblem(to: string): string | null {
  const words = 'must be a path on this store starting with / or an address starting with https://';
  if (to.startsWith('/')) {
    if (to.startsWith('//')) return words;
    if (/[\s\\]|\p{Cc}/u.test(to)) return 'must not hold spaces or backslashes';
    return redirectPathKey(to.split(/[?#]/)[0]!) === null ? 'is not a valid address (a % must start an escape such as %20)' : null;
  }
  return externalAddressProblem(to) === null ? null : words;
}

/** Why `address` is not an http(s) address another site can be reached at, or null. */
function externalAddressProblem(address: string): string | null {
  if (/\s/.test(address)) return 'must not hold spaces';
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'must be an address starting with https:// or http://';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an address starting with https:// or http://';
  if (!url.hostname || url.username || url.password) return 'must name a site, without a user name or password';
  return null;
}

/** A text that `problem` finds nothing wrong with, trimmed; the first problem is the field's message. */
const checked = (max: number, problem: (text: string) => string | null) =>
  z
    .string()
    .trim()
    .min(1, 'is a required field')
    .max(max, `must be at most ${max} characters`)
    .superRefine((text, context) => {
      const found = problem(text);
      if (found) context.addIssue({ code: 'custom', message: found });
    });

/** A rule's source: a path of this store, kept as rules compare it (`/Old-Page/` is kept as `/old-page`). */
export const redirectSource = checked(MAX_REDIRECT_PATH, sourceProblem).transform((path) => redirectPathKey(path)!);
/** A rule's target: a path of this store (with a query if wanted) or an http(s) address elsewhere. */
export const redirectTarget = checked(MAX_REDIRECT_TARGET, targetProblem);
export const redirectStatus = z.union([z.literal(301), z.literal(302)], { error: 'must be 301 or 302' });

/**
 * Where a page address goes instead (§2.1 rules, §3.2 `redirectURL`), as the server's catch-all answers a page request
 * for it: the Location and status, and whether the browser must load it as a new document (an address elsewhere, or a
 * path the server answers itself, such as `/media/…`) rather than the shopper app draw it.
 */
export const pageRedirect = z.object({ location: z.string(), status: redirectStatus, document: z.boolean() });
export type PageRedirect = z.infer<typeof pageRedirect>;

/** A page's address as the browser asked for it, path and query (`/old-mug?utm_source=mail`): what the rules apply to. */
export const askedAddress = z.string().max(2048).startsWith('/', 'must be a path starting with /');

/** `GET /api/Page/GetRedirect` query: the address the shopper app could not draw as an address of the store. */
export const getRedirectQuery = z.object({ Url: askedAddress });

/** One rule as the studio lists it. */
export const redirectRule = z.object({
  ruleId: z.number().int().positive(),
  fromPath: z.string(),
  to: z.string(),
  status: redirectStatus,
});
export type RedirectRule = z.infer<typeof redirectRule>;

/** The store's redirects: its rules by source path, and `redirectURL` (§3.2), '' when the store has not moved. */
export const redirectsAnswer = z.object({ data: z.object({ rules: z.array(redirectRule), redirectURL: z.string() }) });
export type StoreRedirectSettings = z.infer<typeof redirectsAnswer>['data'];

/** `POST /api/Studio/SaveRedirect`: a new rule, or (with `ruleId`) a change to one. */
export const saveRedirectRequest = z
  .object({
    ruleId: z.number().int().positive().optional(),
    fromPath: redirectSource,
    to: redirectTarget,
    status: redirectStatus,
  })
  .strict();
export type SaveRedirectRequest = z.input<typeof saveRedirectRequest>;

/** `POST /api/Studio/DeleteRedirect`. */
export const deleteRedirectRequest = z.object({ ruleId: z.number().int().positive() }).strict();

/** `POST /api/Studio/SaveRedirectURL`: where the whole store has moved, or '' for nowhere. */
export const saveRedirectUrlRequest = z
  .object({
    redirectURL: z
      .string()
      .trim()
      .max(MAX_REDIRECT_TARGET, `must be at most ${MAX_REDIRECT_TARGET} characters`)
      .superRefine((address, context) => {
        const found = address === '' ? null : externalAddressProblem(address);
        if (found) context.addIssue({ code: 'custom', message: found });
      }),
  })
  .strict();

/**
 * The path of this store a target leads to, as rules compare it: a path's own, or an address's when it names one of
 * the store's own domains (`ownHosts`, lower-case names without port). Null for an address elsewhere.
 */
export function redirectTargetKey(to: string, ownHosts: ReadonlySet<string>): string | null {
  if (to.startsWith('/')) return redirectPathKey(to.split(/[?#]/)[0]!);
  try {
    const url = new URL(to);
    return ownHosts.has(url.hostname.toLowerCase()) ? redirectPathKey(url.pathname) : null;
  } catch {
    return null;
  }
}

/**
 * Where the rules send a shopper who asks for `start`, while they stay on this store, when it comes back to a path it
 * passed: the paths in order, the repeated one last (`['/a', '/b', '/a']`). Null when the way out leaves the rules.
 */
export function redirectLoop(
  rules: readonly { fromPath: string; to: string }[],
  start: string,
  ownHosts: ReadonlySet<string>,
): string[] | null {
  const next = new Map(rules.map((rule) => [redirectPathKey(rule.fromPath), rule.to]));
  const chain = [start];
  const passed = new Set(chain);
  for (let at = start; ;) {
    const to = next.get(at);
    if (to === undefined) return null;
    const key = redirectTargetKey(to, ownHosts);
    if (key === null) return null;
    chain.push(key);
    if (passed.has(key)) return chain;
    passed.add(key);
    at = key;
  }
}
