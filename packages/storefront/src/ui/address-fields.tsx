import type { ReactNode } from 'react';
import { countriesFor } from '@vitrine/commerce/countries';
import { Field, SelectField } from './field.tsx';

/** What a new address's fields start with: the customer's name, and the store's country. */
export interface AddressDefaults {
  fullName?: string;
  country?: string | null;
}

/**
 * A new address's fields, each named `prefix` + its name as the server names it in its refusals. The country is chosen
 * from the list by name, the store's first (issue 33). The checkout and the account's address form both draw these, so
 * an address is asked for one way. `phone` asks the courier's phone here (the checkout asks it here only where the
 * contact does not, so a shopper gives it once); `children` follow the fields.
 */
export function AddressFields({
  prefix = '',
  defaults,
  phone,
  children,
}: {
  prefix?: string;
  defaults: AddressDefaults;
  phone: boolean;
  children?: ReactNode;
}) {
  const f = (name: string) => `${prefix}${name}`;
  const storeCountry = defaults.country ?? null;
  return (
    <div className="vt-address-fields">
      <Field label="Full name" name={f('fullName')} autoComplete="shipping name" required defaultValue={defaults.fullName ?? ''} />
      <Field label="Address" name={f('line1')} autoComplete="shipping address-line1" required />
      <Field label="Address line 2 (optional)" name={f('line2')} autoComplete="shipping address-line2" />
      <div className="vt-field-row">
        <Field label="City" name={f('city')} autoComplete="shipping address-level2" required />
        <Field label="Postal code (optional)" name={f('postalCode')} autoComplete="shipping postal-code" />
      </div>
      <div className="vt-field-row">
        <Field label="Region (optional)" name={f('region')} autoComplete="shipping address-level1" />
        <SelectField label="Country" name={f('country')} autoComplete="shipping country" required defaultValue={storeCountry ?? ''}>
          {storeCountry ? null : <option value="">Choose a country</option>}
          {countriesFor(storeCountry).map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
      </div>
      {phone ? <Field label="Phone for the courier (optional)" name={f('phone')} type="tel" autoComplete="shipping tel" /> : null}
      {children}
    </div>
  );
}
