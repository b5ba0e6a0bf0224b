import type { FastifyInstance } from 'fastify';
import { accountEndpoints, authEndpoints } from '@vitrine/commerce';
import { CustomerAccounts } from '../auth/customer-accounts.ts';
import { rateRules } from '../infra/rate-limit.ts';
import type { ApiDeps } from './api-deps.ts';
import { registerEndpoints } from './endpoint-routes.ts';
import { perAddress } from './rate-limits.ts';
import { dropSessionCookie } from './session-cookie.ts';

const refreshFailures = {
  invalid: ['TOKEN_INVALID', 'The tokens are not valid'],
  expired: ['TOKEN_EXPIRED', 'The refresh token has expired'],
  reused: ['TOKEN_REUSED', 'The refresh token was already used; sign in again'],
  revoked: ['TOKEN_REVOKED', 'The session has ended; sign in again'],
  'other-site': ['TOKEN_OTHER_SITE', 'The tokens were issued for another store'],
} as const;

/** Customer accounts: `/api/Auth/*` (tokens, sign-up, sign-in, passwords, sign-out) and `/api/Account/*` (profile, addresses). */
export function registerAccountApi(app: FastifyInstance, deps: ApiDeps): void {
  const { tokens } = deps;
  const accounts = new CustomerAccounts(tokens, deps.limiter, deps.mailer);
  app.addHook('onClose', () => accounts.close());

  registerEndpoints(app, deps, authEndpoints, {
    refresh: async ({ body, caller: { webId }, request, reply }) => {
      const outcome = await tokens.refresh(webId, body);
      if (!outcome.ok) {
        const [code, message] = refreshFailures[outcome.reason];
        // The app ends the session it could not renew: the pages the server draws end it too.
        dropSessionCookie(request, reply);
        return reply.code(401).send({ error: { code, message } });
      }
      return { tokens: outcome.tokens };
    },
    // A customer's token outlives their sign-out by up to its lifetime: once the session it names has ended (signed
    // out, revoked, reset), the token answers as a guest's.
    session: async ({ caller: { claims } }) => {
      const signedIn = claims.UserID !== '0' && (await tokens.isSessionOpen(claims.WebID, claims.sid));
      return {
        data: { userId: signedIn ? claims.UserID : '0', webId: claims.WebID, isGuest: !signedIn, expiresAt: claims.exp },
      };
    },
    signUp: {
      ...perAddress(rateRules.signUpPerIp, 'signup'),
      handle: ({ body, caller: { webId }, request, store }) => accounts.signUp(store, webId, body, request.socket.localPort, request.log),
    },
    signIn: ({ body, caller: { webId }, request, store }) => accounts.signIn(store, webId, body, request.ip),
    forgotPassword: {
      ...perAddress(rateRules.forgotPasswordPerIp, 'forgot'),
      handle: ({ body, caller: { webId }, request, store }) =>
        accounts.forgotPassword(store, webId, body, request.socket.localPort, request.log),
    },
    resetPassword: {
      ...perAddress(rateRules.resetPasswordPerIp, 'reset'),
      handle: ({ body, caller: { webId }, store }) => accounts.resetPassword(store, webId, body),
    },
    changePassword: ({ body, caller: { webId, customerId }, store }) => accounts.changePassword(store, webId, customerId, body),
    signOut: async ({ body, caller: { claims } }) => {
      await tokens.revokeFamily(claims.WebID, body.refreshToken, claims.UserID);
      return { data: { signedOut: true as const }, tokens: await tokens.issue(claims.WebID, null) };
    },
  });

  registerEndpoints(app, deps, accountEndpoints, {
    getProfile: ({ caller: { webId, customerId }, store }) => accounts.profile(store, webId, customerId),
    updateProfile: ({ body, caller: { webId, customerId }, store }) => accounts.updateProfile(store, webId, customerId, body),
    saveAddress: ({ body, caller: { webId, customerId }, store }) => accounts.saveAddress(store, webId, customerId, body),
    removeAddress: ({ body, caller: { webId, customerId }, store }) => accounts.removeAddress(store, webId, customerId, body),
  });
}
