import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountProfile, signInAnswer, signUpAnswer, type TokenPair } from '@vitrine/commerce';
import { hashPassword } from './auth/passwords.ts';
import { hashToken } from './auth/tokens.ts';
import {
  backends,
  startOnBackend,
  clearOfWindowEdge,
  jwtClaims,
  type CallInit,
  type TestServer,
  type BackendServer,
} from './test-support.ts';

/** Polls until `read` answers something, for work the server finishes after its answer. */
async function eventually<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const value = await read();
    if (value !== undefined) return value;
  }
  throw new Error(`Nothing after ${timeoutMs} ms`);
}

describe.each(backends)('customer accounts on $name', ({ create }) => {
  let server: TestServer;
  let started: BackendServer;
  let store1: number;
  let store2: number;
  let ipCount = 0;
  let nameCount = 0;
  /** A client address of its own, so that one test's attempts do not count against another's limits. */
  const freshIp = () => `10.1.${Math.floor(ipCount / 250)}.${(ipCount++ % 250) + 1}`;
  const unique = (prefix: string) => `${prefix}-${++nameCount}-${Date.now().toString(36)}`;
  const post = (path: string, body: unknown, init: CallInit = {}) => server.call(path, { method: 'POST', body, ip: freshIp(), ...init });
  const bearer = (tokens: TokenPair) => ({ authorization: `Bearer ${tokens.accessToken}` });
  const setContactMode = (webId: number, mode: number) =>
    server.db.updateTable('sites').set({ contact_requirement_mode: mode }).where('web_id', '=', webId).execute();

  /** Signs an individual up on store 1, then in (sign-up signs nobody in), and answers their email, password and tokens. */
  async function signUpIndividual(extra: Record<string, unknown> = {}) {
    const email = `${unique('shopper')}@example.test`;
    const password = 'a good long password';
    const response = await post('/api/Auth/SignUp', {
      customerTypeId: 1,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      password,
      ...extra,
    });
    expect(response.status).toBe(201);
    expect(signUpAnswer.parse(await response.json()).data.signedIn).toBe(false);
    const signedIn = await post('/api/Auth/SignIn', { email, password });
    expect(signedIn.status).toBe(200);
    const answer = signInAnswer.parse(await signedIn.json());
    return { email, password, tokens: answer.tokens, user: answer.data.user };
  }

  /** The mails queued to `to`, oldest first. */
  const mailsTo = (to: string) =>
    server.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', to).orderBy('mail_id').execute();

  const signIn = (email: string, password: string, init: CallInit = {}) => post('/api/Auth/SignIn', { email, password }, init);

  beforeAll(async () => {
    started = await startOnBackend(create);
    ({ server, harborId: store1, atelierId: store2 } = started);
  });
  afterAll(() => started?.stop());

  describe('SignUp', () => {
    it('asks for the email and phone each contact requirement mode needs, refuses the ones it does not take, and writes nothing when it refuses', async () => {
      const both = { email: true, phone: true };
      const emailOnly = { email: true, phone: false };
      const phoneOnly = { email: false, phone: true };
      const neither = { email: false, phone: false };
      const cases: [mode: number, given: { email: boolean; phone: boolean }, status: number, field?: string][] = [
        [1, emailOnly, 400, 'phone'],
        [1, phoneOnly, 400, 'email'],
        [1, both, 201],
        [2, phoneOnly, 400, 'email'],
        [2, emailOnly, 201],
        [2, both, 201],
        [3, emailOnly, 400, 'phone'],
        [3, phoneOnly, 201],
        [4, neither, 400, 'email'],
        [4, phoneOnly, 201],
        [4, emailOnly, 201],
        [5, both, 400, 'phone'],
        [5, phoneOnly, 400, 'phone'],
        [5, emailOnly, 201],
        [6, both, 400, 'email'],
        [6, emailOnly, 400, 'email'],
        [6, phoneOnly, 201],
      ];
      const count = async () =>
        Number(
          (
            await server.db
              .selectFrom('customers')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('web_id', '=', store2)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      try {
        for (const [index, [mode, given, status, field]] of cases.entries()) {
          await setContactMode(store2, mode);
          const body = {
            customerTypeId: 1,
            firstName: 'Mode',
            lastName: `Case ${index}`,
            password: 'password-123',
            ...(given.email ? { email: `mode-${index}-${Date.now()}@example.test` } : {}),
            ...(given.phone ? { phone: `+46 70 ${String(1_000_000 + index * 7919 + (Date.now() % 1000)).slice(-7)}` } : {}),
          };
          const response = await post('/api/Auth/SignUp', body, { host: 'second.localhost' });
          const label = `mode ${mode} with ${JSON.stringify(given)}`;
          expect(response.status, label).toBe(status);
          if (field) {
            const { error } = await response.json();
            expect(error.field, label).toBe(field);
            expect(error.message, label).toMatch(new RegExp(`^${field}: `));
          }
        }
      } finally {
        await setContactMode(store2, 2);
      }
      expect(await count()).toBe(before + cases.filter(([, , status]) => status === 201).length);
    });

    it('signs an individual up as Active, tells them to check their mail, and mails them; they sign in with tokens carrying their id', async () => {
      const email = `${unique('new')}@example.test`;
      const response = await post('/api/Auth/SignUp', {
        customerTypeId: 1,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email,
        password: 'a good long password',
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({
        data: {
          statusId: 3,
          signedIn: false,
          message: `Thank you for signing up. We have sent a mail to ${email}: check your inbox, then sign in with your email and password.`,
          user: null,
        },
      });
      const [welcome] = await eventually(async () => ((await mailsTo(email)).length ? mailsTo(email) : undefined));
      expect(welcome).toMatchObject({ subject: 'Your account at Harbor & Pine' });
      expect(welcome!.text_body).toContain('Your Harbor & Pine account is ready.');
      expect((await signIn(email, 'a good long password')).status).toBe(200);
    });

    it('signs an individual with a phone up as Active, with tokens carrying their id once signed in', async () => {
      const { tokens, user, email } = await signUpIndividual({ phone: '+1 (555) 010-4477' });
      expect(user).toMatchObject({ email, phone: '+15550104477', customerTypeId: 1, statusId: 3, wishlistCount: 0, firstName: 'Ada' });
      expect(jwtClaims(tokens.accessToken)).toMatchObject({ UserID: String(user.customerId), WebID: store1 });
      const profile = await server.call('/api/Account/GetProfile', { headers: bearer(tokens) });
      expect(profile.status).toBe(200);
      // The phone, written another way, signs in too.
      const byPhone = await post('/api/Auth/SignIn', { phone: '+1 555 010 4477', password: 'a good long password' });
      expect(byPhone.status).toBe(200);
    });

    it('signs corporate and reseller customers up as Approval Pending, without tokens, and asks them for a company', async () => {
      const base = { firstName: 'Grace', lastName: 'Hopper', password: 'password-123' };
      const noCompany = await post('/api/Auth/SignUp', { ...base, customerTypeId: 2, email: `${unique('corp')}@example.test` });
      expect(noCompany.status).toBe(400);
      expect((await noCompany.json()).error).toMatchObject({ field: 'company', message: 'company: is a required field' });

      for (const customerTypeId of [2, 3]) {
        const email = `${unique('corp')}@example.test`;
        const response = await post('/api/Auth/SignUp', { ...base, customerTypeId, company: 'Compilers Ltd', email });
        expect(response.status).toBe(201);
        const body = await response.json();
        expect(body).not.toHaveProperty('tokens');
        const answer = signUpAnswer.parse(body);
        expect(answer.data).toMatchObject({ statusId: 2, signedIn: false, user: null });
        expect(answer.data.message).toMatch(/store will review your account/);
        const row = await server.db
          .selectFrom('customers')
          .select(['status_id', 'company', 'customer_type_id'])
          .where('web_id', '=', store1)
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ status_id: 2, company: 'Compilers Ltd', customer_type_id: customerTypeId });
        const signInAttempt = await signIn(email, 'password-123');
        expect(signInAttempt.status).toBe(403);
        expect((await signInAttempt.json()).error.code).toBe('ACCOUNT_PENDING_APPROVAL');
      }
    });

    it('answers a sign-up with an email or phone already taken as a new one, changes nothing, and mails the account instead (issue 33)', async () => {
      const { email, password } = await signUpIndividual({ phone: '+44 20 7946 0958' });
      const stranger = { customerTypeId: 1, firstName: 'Mallory', lastName: 'B', password: 'password-123' };
      const fresh = `${unique('fresh')}@example.test`;
      const newOne = await post('/api/Auth/SignUp', { ...stranger, email: fresh });
      const sameEmail = await post('/api/Auth/SignUp', { ...stranger, email: email.toUpperCase() });
      const other = `${unique('other')}@example.test`;
      const samePhone = await post('/api/Auth/SignUp', { ...stranger, email: other, phone: '+442079460958' });
      // The same answer as a new account's, but for the address it names: nobody is signed in, nothing tells them apart.
      const answers = [];
      for (const [response, address] of [
        [newOne, fresh],
        [sameEmail, email.toUpperCase()],
        [samePhone, other],
      ] as const) {
        expect(response.status).toBe(201);
        answers.push(JSON.stringify(await response.json()).replace(address.toLowerCase(), 'ADDRESS'));
      }
      expect(new Set(answers).size).toBe(1);
      expect(JSON.parse(answers[0]!)).toMatchObject({ data: { signedIn: false, user: null } });
      expect(answers[0]).not.toContain('tokens');
      // No account was made or changed: the owner's password still signs in, the stranger's does not.
      const accounts = await server.db
        .selectFrom('customers')
        .select('first_name')
        .where('web_id', '=', store1)
        .where((eb) => eb.or([eb(eb.fn('lower', ['email']), 'in', [email, other]), eb('phone', '=', '+442079460958')]))
        .execute();
      expect(accounts).toEqual([{ first_name: 'Ada' }]);
      expect((await signIn(email, password)).status).toBe(200);
      expect((await signIn(email, 'password-123')).status).toBe(401);
      // After their welcome, the account's owner is told twice (once per attempt); the address given with the taken phone is not.
      const told = await eventually(async () => ((await mailsTo(email)).length >= 3 ? mailsTo(email) : undefined));
      expect(told.map((mail) => mail.subject)).toEqual([
        'Your account at Harbor & Pine',
        'Someone tried to create an account at Harbor & Pine with this address',
        'Someone tried to create an account at Harbor & Pine with this address',
      ]);
      expect(told[1]!.text_body).toMatch(/sign in: http:\/\/localhost(:\d+)?\/signin/);
      expect(told[1]!.text_body).toMatch(/choose a new one: http:\/\/localhost(:\d+)?\/forgotpassword/);
      expect(await mailsTo(other)).toEqual([]);
      expect((await mailsTo(fresh)).map((mail) => mail.subject)).toEqual(['Your account at Harbor & Pine']);
      // Another store's customers are its own: the same email makes an account there.
      const elsewhere = await post(
        '/api/Auth/SignUp',
        { customerTypeId: 1, firstName: 'A', lastName: 'B', email, password: 'password-123' },
        { host: 'second.localhost' },
      );
      expect(elsewhere.status).toBe(201);
      expect((await signIn(email, 'password-123', { host: 'second.localhost' })).status).toBe(200);
    });

    it('answers a phone-only sign-up with a phone already taken as a new one, changes nothing, and texts the account instead (issue 33)', async () => {
      await setContactMode(store2, 6);
      try {
        const body = { customerTypeId: 1, firstName: 'Pia', lastName: 'Q', phone: '+46 70 123 45 67', password: 'password-123' };
        const first = await post('/api/Auth/SignUp', body, { host: 'second.localhost' });
        // The same phone written another way, by someone else with another password.
        const again = await post(
          '/api/Auth/SignUp',
          { ...body, firstName: 'Mallory', phone: '+46 (70) 123-45-67', password: 'mallory-password' },
          { host: 'second.localhost' },
        );
        // Nothing tells the two apart: no session, no user, no cookie, the same words.
        for (const response of [first, again]) {
          expect(response.status).toBe(201);
          expect(response.headers.get('set-cookie')).toBeNull();
          expect(await response.json()).toEqual({
            data: {
              statusId: 3,
              signedIn: false,
              message:
                'Thank you for signing up. We have sent a text message to +46701234567: check your messages, then sign in with your phone number and password.',
              user: null,
            },
          });
        }
        // One account, the first's: its password signs in by phone, the second's does not.
        const accounts = await server.db
          .selectFrom('customers')
          .select('first_name')
          .where('web_id', '=', store2)
          .where('phone', '=', '+46701234567')
          .execute();
        expect(accounts).toEqual([{ first_name: 'Pia' }]);
        const byPhone = (password: string) => post('/api/Auth/SignIn', { phone: '+46701234567', password }, { host: 'second.localhost' });
        expect((await byPhone('password-123')).status).toBe(200);
        expect((await byPhone('mallory-password')).status).toBe(401);
        // The phone's owner has their welcome, then is told of the second attempt, by text message.
        const told = await eventually(async () =>
          (await mailsTo('tel:+46701234567')).length >= 2 ? mailsTo('tel:+46701234567') : undefined,
        );
        expect(told.map((message) => message.subject)).toEqual([
          'Your account at Atelier Nord',
          'Someone tried to create an account at Atelier Nord with this phone number',
        ]);
        expect(told[0]!.text_body).toMatch(
          /Sign in with this phone number and the password you chose:\n\nhttp:\/\/second\.localhost(:\d+)?\/signin/,
        );
        expect(told[1]!.text_body).toMatch(/^Hello Pia,/);
        expect(told[1]!.text_body).toMatch(/sign in: http:\/\/second\.localhost(:\d+)?\/signin/);
      } finally {
        await setContactMode(store2, 2);
      }
    });

    it('refuses bad fields with a 400 naming the field', async () => {
      const good = { customerTypeId: 1, firstName: 'A', lastName: 'B', email: `${unique('bad')}@example.test`, password: 'password-123' };
      const cases: [Record<string, unknown>, string][] = [
        [{ ...good, password: 'short' }, 'password'],
        [{ ...good, password: 'x'.repeat(201) }, 'password'],
        [{ ...good, customerTypeId: 4 }, 'customerTypeId'],
        [{ ...good, firstName: '   ' }, 'firstName'],
        [{ ...good, email: 'not-an-email' }, 'email'],
        [{ ...good, phone: 'call me' }, 'phone'],
        [{ ...good, lastName: undefined }, 'lastName'],
      ];
      for (const [body, field] of cases) {
        const response = await post('/api/Auth/SignUp', body);
        expect(response.status, field).toBe(400);
        expect((await response.json()).error.field, field).toBe(field);
      }
    });
  });

  describe('SignIn', () => {
    it('signs a customer in with their email in any case, answering the user and their tokens', async () => {
      const response = await signIn('Shopper@Harbor.test', 'harbor-shopper-demo');
      expect(response.status).toBe(200);
      const answer = signInAnswer.parse(await response.json());
      expect(answer.data.user).toMatchObject({ email: 'shopper@harbor.test', firstName: 'Sam', lastName: 'Rivera', statusId: 3 });
      expect(jwtClaims(answer.tokens.accessToken)).toMatchObject({ UserID: String(answer.data.user.customerId), WebID: store1 });
      // A refresh keeps the customer: the rotated pair still carries their id.
      const refreshed = await post('/api/Auth/refresh', answer.tokens);
      expect(jwtClaims((await refreshed.json()).tokens.accessToken).UserID).toBe(String(answer.data.user.customerId));
    });

    it('answers a wrong password and an unknown email identically, and takes as long for both', async () => {
      const wrong = await signIn('shopper@harbor.test', 'not the password');
      const started = performance.now();
      const unknown = await signIn('nobody-here@harbor.test', 'not the password');
      const unknownMs = performance.now() - started;
      const startedWrong = performance.now();
      await signIn('shopper@harbor.test', 'still not the password');
      const wrongMs = performance.now() - startedWrong;
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const wrongBody = await wrong.json();
      expect(await unknown.json()).toEqual(wrongBody);
      expect(wrongBody.error).toEqual({ code: 'SIGN_IN_FAILED', message: 'Email or password is incorrect' });
      // Without the stand-in scrypt check an unknown email would answer in a few milliseconds.
      expect(unknownMs).toBeGreaterThan(wrongMs * 0.3);
    });

    it('refuses each status but Active with its own message, and says nothing of it to a wrong password', async () => {
      const passwordHash = await hashPassword('status-pass-123');
      const messages = new Set<string>();
      for (const [statusId, code] of [
        [1, 'ACCOUNT_PROSPECTIVE'],
        [2, 'ACCOUNT_PENDING_APPROVAL'],
        [4, 'ACCOUNT_REJECTED'],
        [5, 'ACCOUNT_DEACTIVATED'],
      ] as const) {
        const email = `${unique(`status${statusId}`)}@example.test`;
        await server.db
          .insertInto('customers')
          .values({ web_id: store1, email, password_hash: passwordHash, first_name: 'S', status_id: statusId })
          .execute();
        const right = await signIn(email, 'status-pass-123');
        expect(right.status, code).toBe(403);
        const { error } = await right.json();
        expect(error.code).toBe(code);
        messages.add(error.message);
        const wrong = await signIn(email, 'wrong-pass-123');
        expect(wrong.status).toBe(401);
        expect((await wrong.json()).error.code).toBe('SIGN_IN_FAILED');
      }
      expect(messages.size).toBe(4);
    });

    it('limits failures per IP (10 a minute) and per account and address (5 in 15 minutes) with a 429 and Retry-After', async () => {
      await clearOfWindowEdge(60);
      const ip = freshIp();
      for (let attempt = 0; attempt < 10; attempt++) {
        expect((await signIn(`${unique('guess')}@example.test`, 'guess-123', { ip })).status).toBe(401);
      }
      const limited = await signIn('shopper@harbor.test', 'harbor-shopper-demo', { ip });
      expect(limited.status).toBe(429);
      expect((await limited.json()).error.code).toBe('RATE_LIMITED');
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);

      // Another address may still sign in; one account's guesses from one address are limited on their own.
      const { email, password } = await signUpIndividual();
      const guesser = freshIp();
      for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(email, 'wrong-guess-123', { ip: guesser })).status).toBe(401);
      const accountLimited = await signIn(email, password, { ip: guesser });
      expect(accountLimited.status).toBe(429);
      expect(Number(accountLimited.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
      expect((await signIn('shopper@harbor.test', 'harbor-shopper-demo')).status).toBe(200);
    });
  });

  describe('password reset', () => {
    const waitForMail = (to: string) =>
      eventually(async () => {
        const rows = await server.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('to_address', '=', to)
          .where('subject', 'like', 'Reset your password%')
          .orderBy('mail_id')
          .execute();
        return rows.length ? rows : undefined;
      });
    const linkIn = (text: string) => /(http:\/\/\S+\/resetpassword\?token=\S+)/.exec(text)?.[1];

    it('mails a one-time link that sets a new password, ends every session, and works only once', async () => {
      const { email, password, tokens } = await signUpIndividual();
      const forgot = await post('/api/Auth/ForgotPassword', { email }, { host: `localhost:${server.port}` });
      expect(forgot.status).toBe(200);
      expect(await forgot.json()).toEqual({ data: { sent: true } });

      const [mail] = await waitForMail(email);
      expect(mail!.web_id).toBe(store1);
      expect(mail!.subject).toBe('Reset your password for Harbor & Pine');
      const link = linkIn(mail!.text_body)!;
      expect(link).toMatch(new RegExp(`^http://localhost:${server.port}/resetpassword\\?token=[A-Za-z0-9_-]{43}$`));
      // The row is written first, the file right after it.
      const eml = await eventually(() =>
        (existsSync(server.outboxDir) ? readdirSync(server.outboxDir) : [])
          .filter((name) => name.endsWith('.eml'))
          .map((name) => readFileSync(join(server.outboxDir, name), 'utf8'))
          .find((text) => text.includes(`To: ${email}`) && text.includes('Subject: Reset')),
      );
      expect(eml).toContain('From: "Harbor & Pine" <no-reply@localhost>');
      expect(eml).toContain('Subject: Reset your password for Harbor & Pine');
      expect(eml).toContain(link);
      // The database keeps only the token's hash.
      const token = new URL(link).searchParams.get('token')!;
      expect(
        await server.db.selectFrom('password_resets').select('token_hash').where('token_hash', '=', token).executeTakeFirst(),
      ).toBeUndefined();

      const short = await post('/api/Auth/ResetPassword', { token, password: 'short' });
      expect(short.status).toBe(400);
      expect((await short.json()).error.field).toBe('password');
      // Access tokens carry their issue time in whole seconds; the one from sign-up must be from an earlier second.
      await new Promise((resolve) => setTimeout(resolve, 1010 - (Date.now() % 1000)));
      const reset = await post('/api/Auth/ResetPassword', { token, password: 'a brand new password' });
      expect(reset.status).toBe(200);

      const oldRefresh = await post('/api/Auth/refresh', tokens);
      expect(oldRefresh.status).toBe(401);
      expect((await oldRefresh.json()).error.code).toBe('TOKEN_REVOKED');
      const oldAccess = await server.call('/api/Account/GetProfile', { headers: bearer(tokens) });
      expect(oldAccess.status).toBe(401);
      expect((await signIn(email, password)).status).toBe(401);
      expect((await signIn(email, 'a brand new password')).status).toBe(200);

      const again = await post('/api/Auth/ResetPassword', { token, password: 'yet another password' });
      expect(again.status).toBe(400);
      expect((await again.json()).error.code).toBe('RESET_TOKEN_INVALID');
      expect((await signIn(email, 'a brand new password')).status).toBe(200);
    });

    it('answers an unknown email exactly as a known one, and mails nobody', async () => {
      const email = `${unique('ghost')}@example.test`;
      const response = await post('/api/Auth/ForgotPassword', { email });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { sent: true } });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await server.db.selectFrom('mail_outbox').select('mail_id').where('to_address', '=', email).execute()).toEqual([]);
    });

    it("builds the link from the store's own domain, never from a forged Host, port or scheme", async () => {
      const { email } = await signUpIndividual();
      await post('/api/Auth/ForgotPassword', { email }, { host: 'evil.example:8080' }).then((r) => expect(r.status).toBe(404));
      const forged = await post(
        '/api/Auth/ForgotPassword',
        { email },
        { host: 'localhost:8080', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' } },
      );
      expect(forged.status).toBe(200);
      const [mail] = await waitForMail(email);
      expect(linkIn(mail!.text_body)).toMatch(new RegExp(`^http://localhost:${server.port}/resetpassword\\?token=`));
    });

    it('refuses an expired token, and a token of another store', async () => {
      const { email } = await signUpIndividual();
      await post('/api/Auth/ForgotPassword', { email });
      const [mail] = await waitForMail(email);
      const token = new URL(linkIn(mail!.text_body)!).searchParams.get('token')!;
      const elsewhere = await post('/api/Auth/ResetPassword', { token, password: 'a brand new password' }, { host: 'second.localhost' });
      expect((await elsewhere.json()).error.code).toBe('RESET_TOKEN_INVALID');
      await server.db
        .updateTable('password_resets')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('web_id', '=', store1)
        .where('used_at', 'is', null)
        .execute();
      const expired = await post('/api/Auth/ResetPassword', { token, password: 'a brand new password' });
      expect(expired.status).toBe(400);
      expect((await expired.json()).error.code).toBe('RESET_TOKEN_INVALID');
    });

    it('limits requests per IP (5 an hour) and per account (3 an hour), before looking the account up', async () => {
      await clearOfWindowEdge(3600);
      const ip = freshIp();
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await post('/api/Auth/ForgotPassword', { email: `${unique('ip')}@example.test` }, { ip })).status).toBe(200);
      const limited = await post('/api/Auth/ForgotPassword', { email: `${unique('ip')}@example.test` }, { ip });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(3600);

      const email = `${unique('account')}@example.test`;
      for (let attempt = 0; attempt < 3; attempt++) expect((await post('/api/Auth/ForgotPassword', { email })).status).toBe(200);
      expect((await post('/api/Auth/ForgotPassword', { email })).status).toBe(429);
    });
  });

  describe('signed-in calls', () => {
    it('changes the password only with the right current one, and ends the other sessions', async () => {
      const { email, password, tokens } = await signUpIndividual();
      const otherDevice = signInAnswer.parse(await (await signIn(email, password)).json()).tokens;
      const wrong = await post(
        '/api/Auth/ChangePassword',
        { currentPassword: 'not it at all', newPassword: 'a newer password' },
        { headers: bearer(tokens) },
      );
      expect(wrong.status).toBe(400);
      expect((await wrong.json()).error).toMatchObject({ code: 'WRONG_PASSWORD', field: 'currentPassword' });
      const short = await post(
        '/api/Auth/ChangePassword',
        { currentPassword: password, newPassword: 'short' },
        { headers: bearer(tokens) },
      );
      expect((await short.json()).error.field).toBe('newPassword');

      const changed = await post(
        '/api/Auth/ChangePassword',
        { currentPassword: password, newPassword: 'a newer password' },
        { headers: bearer(tokens) },
      );
      expect(changed.status).toBe(200);
      const answer = await changed.json();
      expect(answer.data).toEqual({ changed: true });
      expect((await server.call('/api/Account/GetProfile', { headers: bearer(answer.tokens) })).status).toBe(200);
      expect((await post('/api/Auth/refresh', otherDevice)).status).toBe(401);
      expect((await signIn(email, password)).status).toBe(401);
      expect((await signIn(email, 'a newer password')).status).toBe(200);

      const guest = (await (await server.call('/api/Web/GetWebInfo?Domain=localhost')).json()).tokens as TokenPair;
      const asGuest = await post(
        '/api/Auth/ChangePassword',
        { currentPassword: 'x', newPassword: 'a newer password' },
        { headers: bearer(guest) },
      );
      expect(asGuest.status).toBe(401);
      expect((await asGuest.json()).error.code).toBe('SIGN_IN_REQUIRED');
    });

    it("signs out by revoking the refresh token's family, and answers guest tokens", async () => {
      const { tokens } = await signUpIndividual();
      const rotated = (await (await post('/api/Auth/refresh', tokens)).json()).tokens as TokenPair;
      const out = await post('/api/Auth/SignOut', { refreshToken: rotated.refreshToken }, { headers: bearer(rotated) });
      expect(out.status).toBe(200);
      const answer = await out.json();
      expect(answer.data).toEqual({ signedOut: true });
      expect(jwtClaims(answer.tokens.accessToken).UserID).toBe('0');
      const refresh = await post('/api/Auth/refresh', rotated);
      expect(refresh.status).toBe(401);
      expect((await refresh.json()).error.code).toBe('TOKEN_REVOKED');
      expect((await post('/api/Auth/SignOut', { refreshToken: rotated.refreshToken })).status).toBe(401);
    });

    it('shows the profile to its signed-in customer only, in their own store, while they are Active', async () => {
      const { tokens, user, email } = await signUpIndividual();
      expect((await server.call('/api/Account/GetProfile')).status).toBe(401);
      const guest = (await (await server.call('/api/Web/GetWebInfo?Domain=localhost')).json()).tokens as TokenPair;
      const asGuest = await server.call('/api/Account/GetProfile', { headers: bearer(guest) });
      expect(asGuest.status).toBe(401);
      expect((await asGuest.json()).error.code).toBe('SIGN_IN_REQUIRED');
      const elsewhere = await server.call('/api/Account/GetProfile', { host: 'second.localhost', headers: bearer(tokens) });
      expect(elsewhere.status).toBe(401);
      expect((await elsewhere.json()).error.code).toBe('TOKEN_OTHER_SITE');

      const product = await server.db.selectFrom('products').select('product_id').where('web_id', '=', store1).executeTakeFirstOrThrow();
      await server.db
        .insertInto('wishlist_items')
        .values({ web_id: store1, customer_id: user.customerId, product_id: product.product_id })
        .execute();
      const response = await server.call('/api/Account/GetProfile', { headers: bearer(tokens) });
      expect(response.status).toBe(200);
      const { data } = await response.json();
      expect(Object.keys(data).sort()).toEqual([
        'addresses',
        'company',
        'customerId',
        'customerTypeId',
        'email',
        'firstName',
        'lastName',
        'phone',
        'statusId',
        'wishlistCount',
      ]);
      expect(accountProfile.parse(data)).toMatchObject({ customerId: user.customerId, email, wishlistCount: 1, addresses: [] });

      await server.db.updateTable('customers').set({ status_id: 5 }).where('customer_id', '=', user.customerId).execute();
      const deactivated = await server.call('/api/Account/GetProfile', { headers: bearer(tokens) });
      expect(deactivated.status).toBe(403);
      expect((await deactivated.json()).error.code).toBe('ACCOUNT_DEACTIVATED');
    });

    it("updates names and phone within the store's contact rules", async () => {
      const { tokens } = await signUpIndividual();
      const update = (body: unknown) => post('/api/Account/UpdateProfile', body, { headers: bearer(tokens) });
      const updated = await update({ firstName: 'Augusta', lastName: 'King', phone: '+44 20 7946 0001' });
      expect(updated.status).toBe(200);
      expect((await updated.json()).data).toMatchObject({ firstName: 'Augusta', lastName: 'King', phone: '+442079460001' });
      expect((await (await update({ firstName: 'Augusta', lastName: 'King', phone: '' })).json()).data.phone).toBeNull();
      expect((await (await update({ firstName: '', lastName: 'King' })).json()).error.field).toBe('firstName');
      try {
        await setContactMode(store1, 5);
        const refused = await update({ firstName: 'Augusta', lastName: 'King', phone: '+44 20 7946 0002' });
        expect(refused.status).toBe(400);
        expect((await refused.json()).error.field).toBe('phone');
      } finally {
        await setContactMode(store1, 2);
      }
    });

    it('saves and removes addresses of the signed-in customer only', async () => {
      const alice = await signUpIndividual();
      const bob = await signUpIndividual();
      const address = { fullName: 'Alice Liddell', line1: '1 Rabbit Hole', city: 'Oxford', postalCode: 'OX1', country: 'gb' };
      const save = (who: { tokens: TokenPair }, body: unknown) => post('/api/Account/SaveAddress', body, { headers: bearer(who.tokens) });

      const first = (await (await save(alice, address)).json()).data.addresses;
      expect(first).toEqual([expect.objectContaining({ ...address, country: 'GB', isDefault: true, line2: '', region: '', phone: '' })]);
      const second = (await (await save(alice, { ...address, line1: '2 Looking Glass Lane', isDefault: true })).json()).data.addresses;
      expect(second.map((a: { line1: string; isDefault: boolean }) => [a.line1, a.isDefault])).toEqual([
        ['2 Looking Glass Lane', true],
        ['1 Rabbit Hole', false],
      ]);
      const aliceFirstId = second[1].addressId as number;
      const edited = (await (await save(alice, { ...address, addressId: aliceFirstId, city: 'Cambridge' })).json()).data.addresses;
      expect(edited.find((a: { addressId: number }) => a.addressId === aliceFirstId).city).toBe('Cambridge');
      expect((await (await save(alice, { ...address, country: 'Britain' })).json()).error.field).toBe('country');

      // Bob cannot touch Alice's address, and is not told it exists.
      const bobRemoves = await post('/api/Account/RemoveAddress', { addressId: aliceFirstId }, { headers: bearer(bob.tokens) });
      expect(bobRemoves.status).toBe(404);
      const bobEdits = await save(bob, { ...address, addressId: aliceFirstId, city: 'Nowhere' });
      expect(bobEdits.status).toBe(404);
      const still = await server.db
        .selectFrom('customer_addresses')
        .select(['city', 'customer_id'])
        .where('address_id', '=', aliceFirstId)
        .executeTakeFirstOrThrow();
      expect(still).toEqual({ city: 'Cambridge', customer_id: alice.user.customerId });

      const defaultId = second[0].addressId as number;
      const afterRemove = (
        await (await post('/api/Account/RemoveAddress', { addressId: defaultId }, { headers: bearer(alice.tokens) })).json()
      ).data.addresses;
      expect(afterRemove).toEqual([expect.objectContaining({ addressId: aliceFirstId, isDefault: true })]);
    });
  });

  describe('sessions across tabs and sign-in limits (issue 13)', () => {
    const pushBackRotation = (refreshToken: string, seconds: number) =>
      server.db
        .updateTable('refresh_tokens')
        .set({ used_at: new Date(Date.now() - seconds * 1000) })
        .where('token_hash', '=', hashToken(refreshToken))
        .execute();

    it('two tabs refreshing one pair at once both stay signed in; a replay after the grace window ends the session', async () => {
      const { tokens } = await signUpIndividual();
      const [first, second] = await Promise.all([post('/api/Auth/refresh', tokens), post('/api/Auth/refresh', tokens)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      const [a, b] = [(await first.json()).tokens as TokenPair, (await second.json()).tokens as TokenPair];
      // The tab that lost the race gets the same new refresh token, not a second branch of the family.
      expect(b.refreshToken).toBe(a.refreshToken);
      for (const pair of [a, b]) expect((await server.call('/api/Account/GetProfile', { headers: bearer(pair) })).status).toBe(200);

      await pushBackRotation(tokens.refreshToken, 11);
      const replay = await post('/api/Auth/refresh', tokens);
      expect(replay.status).toBe(401);
      expect((await replay.json()).error.code).toBe('TOKEN_REUSED');
      // Reuse revokes the family: the honest pair and its access token stop working at once.
      expect((await post('/api/Auth/refresh', a)).status).toBe(401);
      const profile = await server.call('/api/Account/GetProfile', { headers: bearer(a) });
      expect(profile.status).toBe(401);
      expect((await profile.json()).error.code).toBe('TOKEN_REVOKED');
    });

    it('an access token stops working at once after sign-out, not 15 minutes later', async () => {
      const { tokens } = await signUpIndividual();
      expect((await server.call('/api/Account/GetProfile', { headers: bearer(tokens) })).status).toBe(200);
      expect((await post('/api/Auth/SignOut', { refreshToken: tokens.refreshToken }, { headers: bearer(tokens) })).status).toBe(200);
      const after = await server.call('/api/Account/GetProfile', { headers: bearer(tokens) });
      expect(after.status).toBe(401);
      expect((await after.json()).error.code).toBe('TOKEN_REVOKED');
    });

    it('guest visits store no session rows, and a guest pair still refreshes in its own store only', async () => {
      const count = async () =>
        Number(
          (
            await server.db
              .selectFrom('refresh_tokens')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      const guests = await Promise.all(
        Array.from(
          { length: 20 },
          async () => (await (await server.call('/api/Web/GetWebInfo?Domain=localhost')).json()).tokens as TokenPair,
        ),
      );
      expect(await count()).toBe(before);
      const refreshed = await post('/api/Auth/refresh', guests[0]);
      expect(refreshed.status).toBe(200);
      expect(jwtClaims((await refreshed.json()).tokens.accessToken).UserID).toBe('0');
      expect((await (await post('/api/Auth/refresh', guests[1], { host: 'second.localhost' })).json()).error.code).toBe('TOKEN_OTHER_SITE');
      const tampered = { ...guests[2]!, refreshToken: `${guests[2]!.refreshToken.slice(0, -2)}AA` };
      expect((await post('/api/Auth/refresh', tampered)).status).toBe(401);
    });

    it('six right passwords in a row are never refused: the per-account limit counts failures only', async () => {
      await clearOfWindowEdge(60);
      const { email, password } = await signUpIndividual();
      const ip = freshIp();
      for (let attempt = 0; attempt < 6; attempt++)
        expect((await signIn(email, password, { ip })).status, `sign-in ${attempt + 1}`).toBe(200);
      // A success clears the account's failures: four wrong, one right, four wrong again are all answered.
      for (const guess of ['w1', 'w2', 'w3', 'w4']) expect((await signIn(email, `${guess}-wrong-pass`, { ip })).status).toBe(401);
      expect((await signIn(email, password, { ip })).status).toBe(200);
      for (const guess of ['w5', 'w6', 'w7', 'w8']) expect((await signIn(email, `${guess}-wrong-pass`, { ip })).status).toBe(401);
    });

    it('wrong passwords from anywhere do not lock the account out for an address that has not been failing', async () => {
      await clearOfWindowEdge(15 * 60, 10);
      const { email, password } = await signUpIndividual();
      const attacker = freshIp();
      for (let attempt = 0; attempt < 5; attempt++)
        expect((await signIn(email, `guess-${attempt}-wrong`, { ip: attacker })).status).toBe(401);
      expect((await signIn(email, password, { ip: attacker })).status).toBe(429);
      expect((await signIn(email, password, { ip: freshIp() })).status).toBe(200);

      // Many addresses guessing together: the account is slowed down for them, and still open to its owner.
      const swarm = Array.from({ length: 6 }, () => freshIp());
      for (const ip of swarm) expect((await signIn(email, 'swarm-wrong-guess', { ip })).status).toBe(401);
      // One more try every 2 seconds, shared by the addresses that have failed on it.
      await clearOfWindowEdge(2, 1.5);
      expect((await signIn(email, 'swarm-wrong-again', { ip: swarm[0] })).status).toBe(401);
      const slowed = await signIn(email, 'swarm-wrong-again', { ip: swarm[1] });
      expect(slowed.status).toBe(429);
      expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(2);
      expect((await signIn(email, password, { ip: freshIp() })).status).toBe(200);
    });
  });
});
