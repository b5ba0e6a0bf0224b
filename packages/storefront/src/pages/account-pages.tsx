import { useEffect, useState } from 'react';
import { Link, useNavigate, useRouteLoaderData, useSearchParams } from 'react-router-dom';
import {
  accountEndpoints,
  authEndpoints,
  storeCountryOf,
  type AccountProfile,
  type CustomerAddress,
  type TokenPair,
} from '@vitrine/commerce';
import { countryName } from '@vitrine/commerce/countries';
import { useApi } from '../app-context.tsx';
import { useCart } from '../client/cart.ts';
import { addressFromValues, contactFields } from '../client/checkout-rules.ts';
import { useSession } from '../client/session.ts';
import { useWishlist } from '../client/wishlist.ts';
import { ROOT_ROUTE_ID, type RootData } from '../root-data.ts';
import { AppForm, Field, FormNotice, SubmitButton } from '../ui/field.tsx';
import { AddressFields } from '../ui/address-fields.tsx';
import { useToast } from '../ui/toasts.tsx';
import { useHydrated } from '../ui/hydrated.ts';
import { ContactFields } from '../ui/contact-fields.tsx';
import { useSubmit } from '../ui/use-submit.ts';
import { PageShell } from './page-shell.tsx';

/** Only an address inside this store may be returned to after signing in. */
function safeReturnPath(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/account';
}

/**
 * Why a guest who opened the wishlist is asked to sign in (§6 keeps /wishlist for customers), and that the hearts
 * kept in this browser join the account's list once they do (`WishlistSync` sends them).
 */
function WishlistSignInNote() {
  const hydrated = useHydrated();
  const kept = useWishlist((s) => s.guestIds.length);
  // Only the browser knows its hearts: the server's page and the first render say none.
  const count = hydrated ? kept : 0;
  return (
    <div className="vt-signin-why" role="note" aria-label="Why sign in">
      <p>
        <strong>Sign in to see your wishlist.</strong> It is kept with your account, so what you save is there on any device you sign in on.
      </p>
      {count > 0 ? (
        <p>{`The ${count} ${count === 1 ? 'item' : 'items'} you saved in this browser will be added to your account when you sign in.`}</p>
      ) : null}
    </div>
  );
}

/**
 * What /signin asks a customer for: their email where every account has one (contact modes 1, 2, 5), their phone
 * number where accounts have only phones (6), and either where accounts may have one or the other (3, 4).
 */
function signInName(mode: number): { label: string; name: string; type: 'email' | 'tel' | 'text'; autoComplete: string } {
  const contact = contactFields(mode);
  if (contact.email === 'required') return { label: 'Email', name: 'email', type: 'email', autoComplete: 'email' };
  if (contact.email === 'hidden') return { label: 'Phone number', name: 'phone', type: 'tel', autoComplete: 'tel' };
  return { label: 'Email or phone number', name: 'login', type: 'text', autoComplete: 'username' };
}

/** /signin: customers sign in with their email (or phone, in stores that take them) and password, then go back where they were. */
export function SignInPage() {
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { site } = useRouteLoaderData(ROOT_ROUTE_ID) as RootData;
  const { busy, error, run, fieldErrors } = useSubmit();
  const setTokens = useSession((s) => s.setTokens);
  const setUser = useSession((s) => s.setUser);
  const asked = signInName(site.contactRequirementMode);
  return (
    <PageShell heading="Sign in" breadcrumbs={[{ label: 'Sign in' }]} narrow>
      {params.get('redirect')?.startsWith('/wishlist') ? <WishlistSignInNote /> : null}
      <AppForm
        // The server names the email or phone it refused; the form has one field for both when it asks for either.
        errors={asked.name === 'login' && error?.field ? { login: error.message } : fieldErrors}
        onValues={(values) => {
          const given = (values[asked.name] ?? '').trim();
          const password = values['password'] ?? '';
          // Either: an email has an @, a phone number never does.
          const byPhone = asked.name === 'phone' || (asked.name === 'login' && !given.includes('@'));
          void run(async () => {
            const answer = await api.request(authEndpoints.signIn, {
              body: byPhone ? { phone: given, password } : { email: given, password },
            });
            setTokens(answer.tokens);
            setUser(answer.data.user);
            await navigate(safeReturnPath(params.get('redirect')), { replace: true });
          });
        }}
      >
        {error && !error.field ? <FormNotice kind="error">{error.message}</FormNotice> : null}
        <Field label={asked.label} name={asked.name} type={asked.type} autoComplete={asked.autoComplete} required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <SubmitButton busy={busy}>{busy ? 'Signing in…' : 'Sign in'}</SubmitButton>
        <p className="vt-form-links">
          <Link to="/forgotpassword">Forgot your password?</Link> · <Link to="/signup">Create an account</Link>
        </p>
      </AppForm>
    </PageShell>
  );
}

/**
 * /signup: individual, corporate or reseller accounts; the site's contact mode decides email and phone. A sign-up signs
 * nobody in (the answer never says whether the email or phone had an account): the page says where the store wrote
 * (the email, or by text message the phone) and offers to sign in.
 */
export function SignUpPage() {
  const api = useApi();
  const { site } = useRouteLoaderData(ROOT_ROUTE_ID) as RootData;
  const [type, setType] = useState('1');
  const [pending, setPending] = useState<string | null>(null);
  const { busy, error, run, fieldError, fieldErrors } = useSubmit();
  if (pending) {
    return (
      <PageShell heading="Thank you for signing up" breadcrumbs={[{ label: 'Sign up' }]} narrow>
        <FormNotice kind="success">{pending}</FormNotice>
        <p className="vt-form-links">
          <Link to="/signin">Sign in</Link> · <Link to="/">Return to home</Link>
        </p>
      </PageShell>
    );
  }
  return (
    <PageShell heading="Create an account" breadcrumbs={[{ label: 'Sign up' }]} narrow>
      <AppForm
        errors={fieldErrors}
        onValues={(values) => {
          const v = values;
          void run(async () => {
            const answer = await api.request(authEndpoints.signUp, {
              body: {
                customerTypeId: Number(v['customerTypeId']) as 1 | 2 | 3,
                firstName: v['firstName'] ?? '',
                lastName: v['lastName'] ?? '',
                ...(v['company'] ? { company: v['company'] } : {}),
                ...(v['email'] ? { email: v['email'] } : {}),
                ...(v['phone'] ? { phone: v['phone'] } : {}),
                password: v['password'] ?? '',
              },
            });
            setPending(answer.data.message);
          });
        }}
      >
        {error && !error.field ? <FormNotice kind="error">{error.message}</FormNotice> : null}
        <fieldset className="vt-choice">
          <legend>Account type</legend>
          {[
            ['1', 'Individual'],
            ['2', 'Corporate'],
            ['3', 'Reseller'],
          ].map(([value, label]) => (
            <label key={value}>
              <input type="radio" name="customerTypeId" value={value} checked={type === value} onChange={() => setType(value!)} /> {label}
            </label>
          ))}
        </fieldset>
        <Field label="First name" name="firstName" autoComplete="given-name" required error={fieldError('firstName')} />
        <Field label="Last name" name="lastName" autoComplete="family-name" required error={fieldError('lastName')} />
        {type !== '1' ? <Field label="Company" name="company" autoComplete="organization" required error={fieldError('company')} /> : null}
        <ContactFields mode={site.contactRequirementMode} fieldError={fieldError} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          required
          hint="At least 8 characters"
          error={fieldError('password')}
        />
        <SubmitButton busy={busy}>{busy ? 'Creating your account…' : 'Create account'}</SubmitButton>
        <p className="vt-form-links">
          Already have an account? <Link to="/signin">Sign in</Link>
        </p>
      </AppForm>
    </PageShell>
  );
}

/** Puts the focus on a field of `form` the form refused after its own checks (a repeated password that differs). */
function focusField(form: HTMLFormElement, name: string) {
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}

/** A new password and its repetition, as the reset and change forms ask for them. */
function NewPasswordFields({ name, error, mismatch }: { name: string; error: string | undefined; mismatch: boolean }) {
  return (
    <>
      <Field
        label="New password"
        name={name}
        type="password"
        autoComplete="new-password"
        minLength={8}
        required
        hint="At least 8 characters"
        error={error}
      />
      <Field
        label="Repeat the new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={mismatch ? 'The passwords do not match' : undefined}
      />
    </>
  );
}

/** /forgotpassword: asks for a reset link; the answer never says whether the email has an account. */
export function ForgotPasswordPage() {
  const api = useApi();
  const [sent, setSent] = useState(false);
  const { busy, error, run, fieldError, fieldErrors } = useSubmit();
  return (
    <PageShell heading="Forgot your password?" breadcrumbs={[{ label: 'Forgot Password' }]} narrow>
      {sent ? (
        <FormNotice kind="success">
          If an account exists for that email, we have sent it a link to choose a new password. The link works once, for one hour.
        </FormNotice>
      ) : (
        <AppForm
          errors={fieldErrors}
          onValues={(values) => {
            const { email } = values;
            void run(async () => {
              await api.request(authEndpoints.forgotPassword, { body: { email: email ?? '' } });
              setSent(true);
            });
          }}
        >
          {error && !error.field ? <FormNotice kind="error">{error.message}</FormNotice> : null}
          <p>Enter the email you signed up with and we will send you a link to choose a new password.</p>
          <Field label="Email" name="email" type="email" autoComplete="email" required error={fieldError('email')} />
          <SubmitButton busy={busy}>Send the link</SubmitButton>
        </AppForm>
      )}
    </PageShell>
  );
}

/** /resetpassword?token=…: chooses a new password with the one-time link. */
export function ResetPasswordPage() {
  const api = useApi();
  const [params] = useSearchParams();
  const [done, setDone] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const { busy, error, run, fieldError, fieldErrors } = useSubmit();
  const token = params.get('token') ?? '';
  return (
    <PageShell heading="Choose a new password" breadcrumbs={[{ label: 'Reset Password' }]} narrow>
      {done ? (
        <FormNotice kind="success">
          Your password has been changed. <Link to="/signin">Sign in</Link>
        </FormNotice>
      ) : !token ? (
        <FormNotice kind="error">
          This link is not complete. <Link to="/forgotpassword">Ask for a new one</Link>.
        </FormNotice>
      ) : (
        <AppForm
          errors={fieldErrors}
          onValues={(values, form) => {
            const { password, confirm } = values;
            setMismatch(password !== confirm);
            if (password !== confirm) return focusField(form, 'confirm');
            void run(async () => {
              await api.request(authEndpoints.resetPassword, { body: { token, password: password ?? '' } });
              setDone(true);
            });
          }}
        >
          {error && error.field !== 'password' ? (
            <FormNotice kind="error">
              {error.message} <Link to="/forgotpassword">Ask for a new link</Link>.
            </FormNotice>
          ) : null}
          <NewPasswordFields name="password" error={fieldError('password')} mismatch={mismatch} />
          <SubmitButton busy={busy}>Save the new password</SubmitButton>
        </AppForm>
      )}
    </PageShell>
  );
}

/** /changepassword: a signed-in customer changes their password. */
export function ChangePasswordPage() {
  const api = useApi();
  const [done, setDone] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const { busy, error, run, fieldError, fieldErrors } = useSubmit();
  return (
    <PageShell heading="Change Password" breadcrumbs={[{ label: 'My Account', to: '/account' }, { label: 'Change Password' }]} narrow>
      {done ? <FormNotice kind="success">Your password has been changed.</FormNotice> : null}
      <AppForm
        errors={fieldErrors}
        onValues={(values, form) => {
          const { currentPassword, newPassword, confirm } = values;
          setMismatch(newPassword !== confirm);
          if (newPassword !== confirm) return focusField(form, 'confirm');
          void run(async () => {
            // Changing the password signs every other session out; this one continues with the fresh pair.
            const answer = await api.request(authEndpoints.changePassword, {
              body: { currentPassword: currentPassword ?? '', newPassword: newPassword ?? '' },
            });
            useSession.getState().setTokens(answer.tokens);
            setDone(true);
            form.reset();
          });
        }}
      >
        {error && !error.field ? <FormNotice kind="error">{error.message}</FormNotice> : null}
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={fieldError('currentPassword')}
        />
        <NewPasswordFields name="newPassword" error={fieldError('newPassword')} mismatch={mismatch} />
        <SubmitButton busy={busy}>Change password</SubmitButton>
      </AppForm>
    </PageShell>
  );
}

/**
 * The account's address form: a new address, asked with the checkout's fields (the country from the list by name, the
 * store's first), saved to the account; `onSaved` gets the addresses as they are after it.
 */
function NewAddressForm({ profile, onSaved }: { profile: AccountProfile; onSaved: (addresses: CustomerAddress[]) => void }) {
  const api = useApi();
  const { site } = useRouteLoaderData(ROOT_ROUTE_ID) as RootData;
  const { busy, error, run, fieldErrors } = useSubmit();
  return (
    <AppForm
      errors={fieldErrors}
      onValues={(values) => {
        void run(async () => {
          const answer = await api.request(accountEndpoints.saveAddress, {
            body: { ...addressFromValues(values, ''), isDefault: values['isDefault'] === 'on' },
          });
          onSaved(answer.data.addresses);
        });
      }}
    >
      {error && !error.field ? <FormNotice kind="error">{error.message}</FormNotice> : null}
      <AddressFields
        defaults={{
          fullName: `${profile.firstName} ${profile.lastName}`.trim(),
          country: storeCountryOf(site.currency.currencyAbbreviation),
        }}
        phone
      >
        {profile.addresses.length ? (
          <label className="vt-checkbox">
            <input type="checkbox" name="isDefault" /> Make this my default address
          </label>
        ) : null}
      </AddressFields>
      <SubmitButton busy={busy}>{busy ? 'Saving the address…' : 'Save the address'}</SubmitButton>
    </AppForm>
  );
}

/** /account: My Account — the profile, addresses, and links to orders and the wishlist with its count. */
export function AccountPage() {
  const api = useApi();
  const navigate = useNavigate();
  const session = useSession();
  const toast = useToast();
  const clearCart = useCart((s) => s.clear);
  const [profile, setProfile] = useState<AccountProfile | null>(null);
  const [failed, setFailed] = useState(false);
  const [addingAddress, setAddingAddress] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .load(accountEndpoints.getProfile)
      .then((answer) => {
        if (!live) return;
        setProfile(answer.data);
        useSession.getState().changeWishlistCount({ to: answer.data.wishlistCount });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api]);

  async function signOut() {
    const tokens = session.tokens;
    let guest: TokenPair | undefined;
    try {
      if (tokens) guest = (await api.request(authEndpoints.signOut, { body: { refreshToken: tokens.refreshToken } })).tokens;
    } catch {
      // Signing out locally matters more than telling the server; its tokens expire anyway.
    }
    session.clear();
    clearCart();
    if (guest) session.setTokens(guest);
    await navigate('/', { replace: true });
    toast(undefined, { kind: 'success' });
  }

  return (
    <PageShell heading="My Account" breadcrumbs={[{ label: 'My Account' }]}>
      {failed ? <FormNotice kind="error">Your account could not be loaded. Please try again.</FormNotice> : null}
      {!profile && !failed ? <p aria-busy="true">Loading your account…</p> : null}
      {profile ? (
        <div className="vt-account">
          <section className="vt-card" aria-labelledby="account-profile">
            <h2 id="account-profile" className="vt-h4">
              Profile
            </h2>
            <dl className="vt-details">
              <dt>Name</dt>
              <dd>
                {profile.firstName} {profile.lastName}
              </dd>
              {profile.company ? (
                <>
                  <dt>Company</dt>
                  <dd>{profile.company}</dd>
                </>
              ) : null}
              <dt>Email</dt>
              <dd>{profile.email ?? '—'}</dd>
              <dt>Phone</dt>
              <dd>{profile.phone ?? '—'}</dd>
            </dl>
          </section>
          <section className="vt-card" aria-labelledby="account-addresses">
            <h2 id="account-addresses" className="vt-h4">
              Addresses
            </h2>
            {profile.addresses.length ? (
              <ul className="vt-plain-list" aria-label="Saved addresses">
                {profile.addresses.map((a) => (
                  <li key={a.addressId}>
                    {a.fullName}, {a.line1}, {a.city}, {countryName(a.country)}
                    {a.isDefault && profile.addresses.length > 1 ? ' (default)' : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p>No saved addresses yet. Addresses you use at checkout are kept here.</p>
            )}
            {addingAddress ? (
              <NewAddressForm
                profile={profile}
                onSaved={(addresses) => {
                  setProfile({ ...profile, addresses });
                  setAddingAddress(false);
                  toast('The address is saved.', { kind: 'success' });
                }}
              />
            ) : (
              <button type="button" className="vt-btn vt-btn-outline vt-btn-md" onClick={() => setAddingAddress(true)}>
                Add an address
              </button>
            )}
          </section>
          <nav className="vt-card" aria-label="Your account">
            <ul className="vt-plain-list">
              <li>
                <Link to="/orderlist">Order History</Link>
              </li>
              <li>
                <Link to="/wishlist">Wishlist ({session.user?.wishlistCount ?? profile.wishlistCount})</Link>
              </li>
              <li>
                <Link to="/changepassword">Change Password</Link>
              </li>
            </ul>
            <button type="button" className="vt-btn vt-btn-outline vt-btn-md" onClick={() => void signOut()}>
              Sign out
            </button>
          </nav>
        </div>
      ) : null}
    </PageShell>
  );
}
