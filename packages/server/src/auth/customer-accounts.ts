import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  ACTIVE_CUSTOMER,
  companyCustomerTypes,
  contactRequirementProblem,
  type AccountProfile,
  type changePasswordRequest,
  type forgotPasswordRequest,
  type removeAddressRequest,
  type resetPasswordRequest,
  type saveAddressRequest,
  type signInRequest,
  type signUpRequest,
  type updateProfileRequest,
} from '@vitrine/commerce';
import type { Db } from '../db/connect.ts';
import { HttpError } from '../http/errors.ts';
import { textAddress, type Mailer } from '../infra/mailer.ts';
import { guardSignIn, rateRules, type RateLimiter } from '../infra/rate-limit.ts';
import {
  APPROVAL_PENDING,
  MAX_ADDRESSES,
  checkPasswordOfNobody,
  createPasswordReset,
  findCustomer,
  inactiveAccountRefusal,
  listAddresses,
  loadAccountUser,
  loadProfile,
  uniqueViolation,
  type SignInName,
} from './accounts.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hashToken, type TokenService } from './tokens.ts';

const signInFailed = (name: SignInName) =>
  new HttpError(401, 'SIGN_IN_FAILED', name.kind === 'email' ? 'Email or password is incorrect' : 'Phone number or password is incorrect');

const resetTokenInvalid = () =>
  new HttpError(400, 'RESET_TOKEN_INVALID', 'This password reset link is invalid, used or expired. Ask for a new one.', 'token');

const accountExists = (field: 'email' | 'phone') =>
  new HttpError(
    409,
    'ACCOUNT_EXISTS',
    field === 'email' ? 'An account with this email already exists' : 'An account with this phone number already exists',
    field,
  );

/** Where a sign-up's messages go: its email, or for a phone-only sign-up a text message to its phone. */
type SignUpChannel = { kind: 'email' | 'phone'; to: string };

/** How the messages of a sign-up name the address they were sent to. */
const addressWord = { email: 'email', phone: 'phone number' } as const;

/** The message to a new account's email (or phone). */
function welcomeMail(kind: SignUpChannel['kind'], store: string, origin: string, firstName: string, statusId: number) {
  return {
    subject: `Your account at ${store}`,
    text: [
      `Hello ${firstName || 'there'},`,
      '',
      statusId === ACTIVE_CUSTOMER
        ? `Your ${store} account is ready. Sign in with this ${addressWord[kind]} and the password you chose:`
        : `Thank you for signing up at ${store}. The store will review your account and let you know when you can sign in:`,
      '',
      `${origin}/signin`,
      '',
      `If you did not sign up, ignore this ${kind === 'email' ? 'mail' : 'message'}, or tell the store.`,
    ].join('\n'),
  };
}

/** The message to an existing account's email (or phone) when someone signs up with it again. */
function tryAgainMail(kind: SignUpChannel['kind'], store: string, origin: string, firstName: string) {
  const address = kind === 'email' ? 'address' : 'phone number';
  return {
    subject: `Someone tried to create an account at ${store} with this ${address}`,
    text: [
      `Hello ${firstName || 'there'},`,
      '',
      `Someone tried to create an account at ${store} with this ${address}, which already has one. No new account was made.`,
      '',
      `If it was you, sign in: ${origin}/signin`,
      // A password is reset through a mail: an account without an email asks the store.
      kind === 'email'
        ? `If you forgot your password, choose a new one: ${origin}/forgotpassword`
        : 'If you forgot your password, ask the store.',
      '',
      `If it was not you, ignore this ${kind === 'email' ? 'mail' : 'message'}: your account stays as it is.`,
    ].join('\n'),
  };
}

/** The field a unique index of `customers` guards, for a 409 that names it. */
const fieldOfIndex = (index: string | null): 'email' | 'phone' | null =>
  index === null ? null : index.includes('phone') ? 'phone' : 'email';

/**
 * The origin of a store, for links in mail: its own main domain, never the Host, X-Forwarded-Proto or `store` of the
 * request, so a forged request cannot make the mail point elsewhere.
 */
async function storeOrigin(db: Db, webId: number, localPort: number | undefined): Promise<string> {
  const site = await db.selectFrom('sites').select('main_domain').where('web_id', '=', webId).executeTakeFirstOrThrow();
  const domain = site.main_domain;
  // A store on this machine (the demo stores) is reached over plain HTTP on the port this server listens on; a store's
  // own domain over HTTPS on the standard port. Nothing comes from the request's headers, which a sender chooses.
  if (domain === 'localhost' || domain.endsWith('.localhost')) {
    return `http://${domain}${localPort && localPort !== 80 ? `:${localPort}` : ''}`;
  }
  return `https://${domain}`;
}

/**
 * Customer accounts (§3.4, §5): sign-up, sign-in, passwords, profile and addresses, each acting on one store's rows
 * through its scoped database. Reset mail is written after the answer, so that the answer takes as long whether or
 * not the account exists; `close` waits for mail still being written.
 */
export class CustomerAccounts {
  private readonly pendingMail = new Set<Promise<void>>();

  constructor(
    private readonly tokens: TokenService,
    private readonly limiter: RateLimiter,
    private readonly mailer: Mailer,
  ) {}

  async close(): Promise<void> {
    await Promise.allSettled([...this.pendingMail]);
  }

  private inBackground(log: FastifyBaseLogger, work: () => Promise<void>): void {
    const task: Promise<void> = work()
      .catch((error: unknown) => log.error({ err: error }, 'Password reset mail failed'))
      .finally(() => this.pendingMail.delete(task));
    this.pendingMail.add(task);
  }

  /**
   * Creates an account: a company or reseller waits for the store (§3.15). A sign-up never says whether its email or
   * phone already has an account: it answers the same either way, signs nobody in, and writes to the email it gives
   * (a phone-only sign-up, in stores that take phone numbers: a text message to its phone), so only the owner of that
   * address learns which it was. A new account's message says it is ready (or waits for the store); an existing
   * account's owner is told someone tried to sign up with it, and how to sign in or reset the password. The password is
   * hashed either way, so both take as long.
   */
  async signUp(store: Db, webId: number, body: z.output<typeof signUpRequest>, localPort: number | undefined, log: FastifyBaseLogger) {
    const site = await store
      .selectFrom('sites')
      .select(['contact_requirement_mode', 'title'])
      .where('web_id', '=', webId)
      .executeTakeFirstOrThrow();
    const problem = contactRequirementProblem(site.contact_requirement_mode, body);
    if (problem) throw new HttpError(400, 'BAD_REQUEST', `${problem.field}: ${problem.message}`, problem.field);
    // Individuals may shop at once; a corporate or reseller account waits for the store's approval (§3.15).
    const statusId = companyCustomerTypes.includes(body.customerTypeId) ? APPROVAL_PENDING : ACTIVE_CUSTOMER;
    const passwordHash = await hashPassword(body.password);
    /** The accounts the email or phone already name (one, when both name the same). */
    const taken = async (db: Db) => {
      const found = [
        body.email ? await findCustomer(db, webId, { kind: 'email', value: body.email }) : undefined,
        body.phone ? await findCustomer(db, webId, { kind: 'phone', value: body.phone }) : undefined,
      ].flatMap((customer) => (customer ? [customer] : []));
      return found.filter((customer, i) => found.findIndex((other) => other.customer_id === customer.customer_id) === i);
    };
    // The store's mode asked for an email or a phone (contactRequirementProblem): the email when given, else the phone.
    const channel: SignUpChannel = body.email ? { kind: 'email', to: body.email } : { kind: 'phone', to: textAddress(body.phone!) };
    const origin = await storeOrigin(store, webId, localPort);
    // Each account already there is told on the channel the sign-up used, when it has that channel.
    const reach = (customer: { email: string | null; phone: string | null }) =>
      channel.kind === 'email' ? customer.email : customer.phone && textAddress(customer.phone);
    const tellExisting = (trx: Db, existing: { email: string | null; phone: string | null; first_name: string }[]) =>
      this.mailer.queue(
        trx,
        existing.flatMap((customer) => {
          const to = reach(customer);
          return to ? [{ webId, to, ...tryAgainMail(channel.kind, site.title, origin, customer.first_name) }] : [];
        }),
      );
    await store
      .transaction()
      .execute(async (trx) => {
        const existing = await taken(trx);
        if (existing.length) return tellExisting(trx, existing);
        await trx
          .insertInto('customers')
          .values(this.newCustomer(webId, body, passwordHash, statusId))
          .execute();
        await this.mailer.queue(trx, { webId, to: channel.to, ...welcomeMail(channel.kind, site.title, origin, body.firstName, statusId) });
      })
      .catch(async (error: unknown) => {
        // Another sign-up with the same email or phone won the unique index a moment ago: its owner is told, as above.
        if (!fieldOfIndex(uniqueViolation(error))) throw error;
        await tellExisting(store, await taken(store));
      });
    this.mailer.deliverSoon((error) => log.error({ err: error }, 'Sign-up mail not delivered yet'));
    const sent =
      channel.kind === 'email'
        ? { what: 'a mail', to: body.email!, check: 'check your inbox', signIn: 'your email' }
        : { what: 'a text message', to: body.phone!, check: 'check your messages', signIn: 'your phone number' };
    return {
      data: {
        statusId,
        signedIn: false as const,
        message:
          statusId === ACTIVE_CUSTOMER
            ? `Thank you for signing up. We have sent ${sent.what} to ${sent.to}: ${sent.check}, then sign in with ${sent.signIn} and password.`
            : `Thank you for signing up. We have sent ${sent.what} to ${sent.to}. The store will review your account and let you know when you can sign in.`,
        user: null,
      },
    };
  }

  /** The row of a new customer. */
  private newCustomer(webId: number, body: z.output<typeof signUpRequest>, passwordHash: string, statusId: number) {
    return {
      web_id: webId,
      email: body.email ?? null,
      phone: body.phone ?? null,
      password_hash: passwordHash,
      first_name: body.firstName,
      last_name: body.lastName,
      company: body.company ?? '',
      customer_type_id: body.customerTypeId,
      status_id: statusId,
    };
  }

  /** Signs a customer in by email or phone, counting failures per account and address. */
  async signIn(store: Db, webId: number, body: z.output<typeof signInRequest>, ip: string) {
    const name: SignInName = body.email ? { kind: 'email', value: body.email } : { kind: 'phone', value: body.phone! };
    const attempt = await guardSignIn(this.limiter, { scope: `signin:${webId}`, account: `${name.kind}:${name.value}`, ip });
    const customer = await findCustomer(store, webId, name);
    const passwordOk = customer ? await verifyPassword(body.password, customer.password_hash) : await checkPasswordOfNobody(body.password);
    if (!customer || !passwordOk) {
      await attempt.failed();
      throw signInFailed(name);
    }
    await attempt.succeeded();
    if (customer.status_id !== ACTIVE_CUSTOMER) {
      const refusal = inactiveAccountRefusal(customer.status_id);
      throw new HttpError(403, refusal.code, refusal.message);
    }
    const [user, pair] = await Promise.all([
      loadAccountUser(store, webId, customer.customer_id),
      this.tokens.issue(webId, customer.customer_id),
    ]);
    if (!user) throw signInFailed(name);
    return { data: { user }, tokens: pair };
  }

  /** Mails a reset link when the account exists; answers the same, as fast, when it does not. */
  async forgotPassword(
    store: Db,
    webId: number,
    body: z.output<typeof forgotPasswordRequest>,
    localPort: number | undefined,
    log: FastifyBaseLogger,
  ) {
    await this.limiter.enforce(rateRules.forgotPasswordPerAccount, `forgot:account:${webId}:${body.email}`);
    const origin = await storeOrigin(store, webId, localPort);
    this.inBackground(log, async () => {
      const customer = await findCustomer(store, webId, { kind: 'email', value: body.email });
      if (!customer?.email) return;
      const token = await createPasswordReset(store, webId, customer.customer_id);
      const site = await store.selectFrom('sites').select('title').where('web_id', '=', webId).executeTakeFirstOrThrow();
      const link = `${origin}/resetpassword?token=${encodeURIComponent(token)}`;
      await this.mailer.send({
        webId,
        to: customer.email,
        subject: `Reset your password for ${site.title}`,
        text: [
          `Hello ${customer.first_name || 'there'},`,
          '',
          `Someone asked to reset the password of your ${site.title} account. To choose a new password, open this link within an hour:`,
          '',
          link,
          '',
          'The link works once. If you did not ask for this, ignore this mail: your password stays as it is.',
        ].join('\n'),
      });
    });
    return { data: { sent: true as const } };
  }

  /** Spends a reset link: the new password, every other link and every session of the old one ended. */
  async resetPassword(store: Db, webId: number, body: z.output<typeof resetPasswordRequest>) {
    const tokenHash = hashToken(body.token);
    const open = (trx: Db) =>
      trx
        .selectFrom('password_resets')
        .select('customer_id')
        .where('token_hash', '=', tokenHash)
        .where('web_id', '=', webId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date());
    // Checked before hashing so that a made-up token costs no scrypt; checked again, atomically, when spent.
    if (!(await open(store).executeTakeFirst())) throw resetTokenInvalid();
    const passwordHash = await hashPassword(body.password);
    await store.transaction().execute(async (trx) => {
      const now = new Date();
      const spent = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('web_id', '=', webId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('customer_id')
        .executeTakeFirst();
      if (!spent) throw resetTokenInvalid();
      await trx
        .updateTable('customers')
        .set({ password_hash: passwordHash, password_changed_at: now })
        .where('web_id', '=', webId)
        .where('customer_id', '=', spent.customer_id)
        .execute();
      // The other links mailed to them die too, and every session signed in with the old password ends.
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('web_id', '=', webId)
        .where('customer_id', '=', spent.customer_id)
        .where('used_at', 'is', null)
        .execute();
      await this.tokens.revokeCustomer(webId, spent.customer_id, trx);
    });
    return { data: { reset: true as const } };
  }

  /** Changes a signed-in customer's password; their other sessions end, this one gets a fresh pair. */
  async changePassword(store: Db, webId: number, customerId: number, body: z.output<typeof changePasswordRequest>) {
    await this.limiter.enforce(rateRules.changePasswordPerAccount, `change-password:${webId}:${customerId}`);
    const row = await store
      .selectFrom('customers')
      .select('password_hash')
      .where('web_id', '=', webId)
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(body.currentPassword, row.password_hash))) {
      throw new HttpError(400, 'WRONG_PASSWORD', 'currentPassword: is not your current password', 'currentPassword');
    }
    const passwordHash = await hashPassword(body.newPassword);
    const pair = await store.transaction().execute(async (trx) => {
      await trx
        .updateTable('customers')
        .set({ password_hash: passwordHash, password_changed_at: new Date() })
        .where('web_id', '=', webId)
        .where('customer_id', '=', customerId)
        .execute();
      // Every other session ends with the old password; this one carries on with the pair answered here.
      await this.tokens.revokeCustomer(webId, customerId, trx);
      return this.tokens.issue(webId, customerId, trx);
    });
    return { data: { changed: true as const }, tokens: pair };
  }

  /** The signed-in customer's profile with their addresses. */
  async profile(store: Db, webId: number, customerId: number) {
    return { data: await requireProfile(store, webId, customerId) };
  }

  /** Changes the signed-in customer's name, company and phone, as the store's contact mode allows. */
  async updateProfile(store: Db, webId: number, customerId: number, body: z.output<typeof updateProfileRequest>) {
    const current = await store
      .selectFrom('customers')
      .select(['email', 'phone', 'company', 'customer_type_id'])
      .where('web_id', '=', webId)
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    const company = body.company ?? current.company;
    if (companyCustomerTypes.includes(current.customer_type_id) && !company)
      throw new HttpError(400, 'BAD_REQUEST', 'company: is a required field', 'company');
    const phone = body.phone === undefined ? current.phone : body.phone || null;
    if (phone !== current.phone) {
      // Only the phone changes here, so only the store's rule about phones applies; a rule about the email that the
      // customer cannot change here must not lock them out of their profile.
      const { contact_requirement_mode: mode } = await store
        .selectFrom('sites')
        .select('contact_requirement_mode')
        .where('web_id', '=', webId)
        .executeTakeFirstOrThrow();
      const problem = contactRequirementProblem(mode, { email: current.email, phone });
      if (problem?.field === 'phone') throw new HttpError(400, 'BAD_REQUEST', `phone: ${problem.message}`, 'phone');
      if (!phone && !current.email) throw new HttpError(400, 'BAD_REQUEST', 'phone: is a required field', 'phone');
      if (phone) {
        const holder = await findCustomer(store, webId, { kind: 'phone', value: phone });
        if (holder && holder.customer_id !== customerId) throw accountExists('phone');
      }
    }
    await store
      .updateTable('customers')
      .set({ first_name: body.firstName, last_name: body.lastName, company, phone })
      .where('web_id', '=', webId)
      .where('customer_id', '=', customerId)
      .execute()
      .catch((error: unknown) => {
        const field = fieldOfIndex(uniqueViolation(error));
        throw field ? accountExists(field) : error;
      });
    return { data: await requireProfile(store, webId, customerId) };
  }

  /** Adds or changes one of the customer's addresses; at most one is the default. */
  async saveAddress(store: Db, webId: number, customerId: number, body: z.output<typeof saveAddressRequest>) {
    const values = {
      full_name: body.fullName,
      line1: body.line1,
      line2: body.line2,
      city: body.city,
      region: body.region,
      postal_code: body.postalCode,
      country: body.country,
      phone: body.phone,
    };
    await store.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('customer_addresses')
        .select(['address_id', 'is_default'])
        .where('web_id', '=', webId)
        .where('customer_id', '=', customerId)
        .forUpdate()
        .execute();
      let addressId: number;
      let isDefault = body.isDefault;
      if (body.addressId !== undefined) {
        const own = existing.find((address) => address.address_id === body.addressId);
        if (!own) throw addressNotFound();
        addressId = own.address_id;
        // The default stays the default until another is chosen: a customer always has one when they have any.
        isDefault ||= own.is_default;
        await trx
          .updateTable('customer_addresses')
          .set({ ...values, is_default: isDefault })
          .where('web_id', '=', webId)
          .where('customer_id', '=', customerId)
          .where('address_id', '=', addressId)
          .execute();
      } else {
        if (existing.length >= MAX_ADDRESSES)
          throw new HttpError(400, 'ADDRESS_LIMIT', `An account can keep at most ${MAX_ADDRESSES} addresses`);
        isDefault ||= existing.length === 0;
        ({ address_id: addressId } = await trx
          .insertInto('customer_addresses')
          .values({ ...values, web_id: webId, customer_id: customerId, is_default: isDefault })
          .returning('address_id')
          .executeTakeFirstOrThrow());
      }
      if (isDefault) {
        await trx
          .updateTable('customer_addresses')
          .set({ is_default: false })
          .where('web_id', '=', webId)
          .where('customer_id', '=', customerId)
          .where('address_id', '!=', addressId)
          .execute();
      }
    });
    return { data: { addresses: await listAddresses(store, webId, customerId) } };
  }

  /** Removes one of the customer's addresses; another becomes the default when it was. */
  async removeAddress(store: Db, webId: number, customerId: number, body: z.output<typeof removeAddressRequest>) {
    await store.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('customer_addresses')
        .where('web_id', '=', webId)
        .where('customer_id', '=', customerId)
        .where('address_id', '=', body.addressId)
        .returning('is_default')
        .executeTakeFirst();
      // Another customer's address is "not found" too: saying it exists would tell what ids others have.
      if (!removed) throw addressNotFound();
      if (removed.is_default) {
        const next = await trx
          .selectFrom('customer_addresses')
          .select('address_id')
          .where('web_id', '=', webId)
          .where('customer_id', '=', customerId)
          .orderBy('address_id')
          .executeTakeFirst();
        if (next)
          await trx
            .updateTable('customer_addresses')
            .set({ is_default: true })
            .where('web_id', '=', webId)
            .where('address_id', '=', next.address_id)
            .execute();
      }
    });
    return { data: { addresses: await listAddresses(store, webId, customerId) } };
  }
}

const addressNotFound = () => new HttpError(404, 'ADDRESS_NOT_FOUND', 'No such address in your account', 'addressId');

async function requireProfile(db: Db, webId: number, customerId: number): Promise<AccountProfile> {
  const profile = await loadProfile(db, webId, customerId);
  if (!profile) throw new HttpError(401, 'SIGN_IN_REQUIRED', 'Sign in to continue');
  return profile;
}
