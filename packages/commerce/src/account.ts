import { z } from 'zod';
import { tokenPair } from './api.ts';
import { isCountryCode } from './country-codes.ts';

/**
 * Requests and answers of customer accounts (`/api/Auth/*`, `/api/Account/*`), the maintenance page
 * (`/api/Web/*Maintenance*`) and the owner's sign-in and maintenance form (`/api/Studio/*`). The shopper app, the
 * studio and the server all parse with these, so a rule is written once.
 */

/** Required text: trimmed, not blank, at most `max` characters. */
const requiredText = (max: number) => z.string().trim().min(1, 'is a required field').max(max, `must be at most ${max} characters`);

/** An email address, trimmed and lower-cased (accounts are unique per store regardless of case). */
export const customerEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be a valid email address'));

/** A phone number, stored as `+` and digits only so that "+1 (555) 010-2000" and "+15550102000" are the same account. */
export const customerPhone = z
  .string()
  .trim()
  .max(40, 'must be at most 40 characters')
  .regex(/^\+?[0-9()\-.\s]+$/, 'must be a phone number: digits, spaces and + ( ) - .')
  .transform((phone) => phone.replace(/[^0-9+]/g, ''))
  .pipe(z.string().regex(/^\+?[0-9]{6,16}$/, 'must be a phone number of 6 to 16 digits'));

/** An optional field where an empty string means "not given", as a form with a blank input sends it. */
export const optionalField = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** A new password: 8 to 200 characters. */
export const newPassword = z.string().min(8, 'must be at least 8 characters').max(200, 'must be at most 200 characters');
/** A password being checked: any non-empty string up to 200 characters (older rules may have allowed shorter ones). */
const givenPassword = z.string().min(1, 'is a required field').max(200, 'must be at most 200 characters');

/** Customer types that must name their company (§3.15: 2 corporate, 3 reseller). */
export const companyCustomerTypes: readonly number[] = [2, 3];

/** `POST /api/Auth/SignUp`. Which of email and phone are needed depends on the store: see `contactRequirementProblem`. */
export const signUpRequest = z
  .object({
    customerTypeId: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'must be 1 (individual), 2 (corporate) or 3 (reseller)' }),
    firstName: requiredText(100),
    lastName: requiredText(100),
    company: optionalField(z.string().trim().max(200, 'must be at most 200 characters')),
    email: optionalField(customerEmail),
    phone: optionalField(customerPhone),
    password: newPassword,
  })
  .refine((body) => !companyCustomerTypes.includes(body.customerTypeId) || Boolean(body.company), {
    message: 'is a required field',
    path: ['company'],
  });
export type SignUpRequest = z.infer<typeof signUpRequest>;

/**
 * Which contact field a store's contact requirement mode (§3.15) refuses, or null when the pair is acceptable:
 * 1 both required; 2 email required; 3 phone required; 4 either; 5 email only (phone refused); 6 phone only (email refused).
 * The message follows the field name, as in "email: is a required field".
 */
export function contactRequirementProblem(
  mode: number,
  contact: { email?: string | null | undefined; phone?: string | null | undefined },
): { field: 'email' | 'phone'; message: string } | null {
  const hasEmail = Boolean(contact.email);
  const hasPhone = Boolean(contact.phone);
  const required = 'is a required field';
  switch (mode) {
    case 1:
      if (!hasEmail) return { field: 'email', message: required };
      if (!hasPhone) return { field: 'phone', message: required };
      return null;
    case 2:
      return hasEmail ? null : { field: 'email', message: required };
    case 3:
      return hasPhone ? null : { field: 'phone', message: required };
    case 4:
      return hasEmail || hasPhone ? null : { field: 'email', message: 'is a required field unless a phone number is given' };
    case 5:
      if (hasPhone) return { field: 'phone', message: 'is not used by this store; give an email address' };
      return hasEmail ? null : { field: 'email', message: required };
    case 6:
      if (hasEmail) return { field: 'email', message: 'is not used by this store; give a phone number' };
      return hasPhone ? null : { field: 'phone', message: required };
    default:
      return null;
  }
}

/** A signed-in customer as the shopper app keeps it (§3.4). */
export const accountUser = z.object({
  customerId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  customerTypeId: z.number().int().min(1).max(3),
  statusId: z.number().int().min(1).max(5),
  wishlistCount: z.number().int(),
});
export type AccountUser = z.infer<typeof accountUser>;

/**
 * `SignUp` answer: the same whether or not the email or phone already has an account, so it tells nobody which. Nobody
 * is signed in: the message says where the store wrote (the email, or the phone of a phone-only sign-up) and what next;
 * a corporate or reseller account (status 2) waits for the store's approval.
 */
export const signUpAnswer = z.object({
  data: z.object({ statusId: z.number().int(), signedIn: z.literal(false), message: z.string(), user: z.null() }),
});
export type SignUpAnswer = z.infer<typeof signUpAnswer>;

/** `POST /api/Auth/SignIn`: by email, or by phone for stores that take phone numbers. */
export const signInRequest = z
  .object({ email: optionalField(customerEmail), phone: optionalField(customerPhone), password: givenPassword })
  .refine((body) => Boolean(body.email || body.phone), { message: 'is a required field', path: ['email'] });
export type SignInRequest = z.infer<typeof signInRequest>;

/** `SignIn` answer: the customer and a token pair whose access token carries their id as UserID. */
export const signInAnswer = z.object({ data: z.object({ user: accountUser }), tokens: tokenPair });
export type SignInAnswer = z.infer<typeof signInAnswer>;

/** `POST /api/Auth/ForgotPassword`. */
export const forgotPasswordRequest = z.object({ email: customerEmail });
/** `ForgotPassword` answer: always the same, whether or not an account has that email. */
export const forgotPasswordAnswer = z.object({ data: z.object({ sent: z.literal(true) }) });

/** `POST /api/Auth/ResetPassword`: the token from the mailed link and the new password. */
export const resetPasswordRequest = z.object({ token: z.string().min(1, 'is a required field').max(200), password: newPassword });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** `POST /api/Auth/ChangePassword` (signed in). */
export const changePasswordRequest = z.object({ currentPassword: givenPassword, newPassword });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** `ChangePassword` answer: every other session is signed out, so the caller gets a fresh pair. */
export const changePasswordAnswer = z.object({ data: z.object({ changed: z.literal(true) }), tokens: tokenPair });

/** `POST /api/Auth/SignOut`: the refresh token whose family is revoked. */
export const signOutRequest = z.object({ refreshToken: tokenPair.shape.refreshToken });
/** `SignOut` answer: a guest pair to carry on browsing with. */
export const signOutAnswer = z.object({ data: z.object({ signedOut: z.literal(true) }), tokens: tokenPair });

/** The fields of a customer's address as the account page edits them. */
export const addressFields = z.object({
  fullName: requiredText(120),
  line1: requiredText(200),
  line2: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  city: requiredText(100),
  region: z.string().trim().max(100, 'must be at most 100 characters').default(''),
  postalCode: z.string().trim().max(20, 'must be at most 20 characters').default(''),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    // One of the checkout's list (issue 33): a code no country has (UK, EU, XX) is refused, naming the field.
    .refine(isCountryCode, 'must be a country of the list'),
  phone: z
    .string()
    .trim()
    .max(40, 'must be at most 40 characters')
    .regex(/^[0-9+()\-.\s]*$/, 'must be a phone number: digits, spaces and + ( ) - .')
    .default(''),
  isDefault: z.boolean().default(false),
});

/** A saved address. */
export const customerAddress = addressFields.extend({ addressId: z.number().int() });
export type CustomerAddress = z.infer<typeof customerAddress>;

/** `POST /api/Account/SaveAddress`: without `addressId` it adds an address, with one it replaces that address. */
export const saveAddressRequest = addressFields.extend({ addressId: z.number().int().positive().optional() });
export type SaveAddressRequest = z.input<typeof saveAddressRequest>;

/** `POST /api/Account/RemoveAddress`. */
export const removeAddressRequest = z.object({ addressId: z.number().int().positive() });

/** `SaveAddress` and `RemoveAddress` answer: the customer's addresses after the change, default first. */
export const addressesAnswer = z.object({ data: z.object({ addresses: z.array(customerAddress) }) });

/** `GET /api/Account/GetProfile` data: the customer and their addresses. */
export const accountProfile = accountUser.extend({ addresses: z.array(customerAddress) });
export type AccountProfile = z.infer<typeof accountProfile>;
/** `GetProfile` and `UpdateProfile` answer. */
export const profileAnswer = z.object({ data: accountProfile });

/**
 * `POST /api/Account/UpdateProfile`. `company` and `phone` left out stay as they are; an empty `phone` removes it where
 * the store's contact mode allows. The email is not changed here: it is the sign-in name.
 */
export const updateProfileRequest = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  company: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  phone: z.union([z.literal(''), z.null(), customerPhone]).optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

/** `POST /api/Studio/SignIn`. */
export const studioSignInRequest = z.object({ email: customerEmail, password: givenPassword });

/** A site an owner may edit. */
export const ownedSite = z.object({ webId: z.number().int(), title: z.string(), domain: z.string() });

/** `Studio/SignIn` answer: the owner, their sites, and the session token every Studio call sends as a bearer token. */
export const studioSignInAnswer = z.object({
  data: z.object({
    owner: z.object({ ownerId: z.number().int(), name: z.string(), email: z.string() }),
    sites: z.array(ownedSite),
    sessionToken: z.string(),
  }),
});
export type StudioSignInAnswer = z.infer<typeof studioSignInAnswer>;

/** The maintenance form of the studio: the description as the owner wrote it; the password itself is never sent back. */
export const studioMaintenanceSettings = z.object({
  isMaintenance: z.boolean(),
  heading: z.string(),
  description: z.string(),
  hasPassword: z.boolean(),
});
export type StudioMaintenanceSettings = z.infer<typeof studioMaintenanceSettings>;
/** `Studio/GetMaintenance` and `Studio/SetMaintenance` answer. */
export const studioMaintenanceAnswer = z.object({ data: studioMaintenanceSettings });

/** `POST /api/Studio/SetMaintenance`. `password`: null keeps the current one, '' removes it, anything else replaces it. */
export const setMaintenanceRequest = z.object({
  isMaintenance: z.boolean(),
  heading: z.string().trim().max(200, 'must be at most 200 characters'),
  description: z.string().trim().max(5000, 'must be at most 5000 characters'),
  password: z.string().max(200, 'must be at most 200 characters').nullable(),
});
export type SetMaintenanceRequest = z.infer<typeof setMaintenanceRequest>;
