import type { AccountProfile, CustomerAddress } from '@vitrine/commerce';

/** A saved address of the customer below, in Leith; `change` sets its name, default and phone. */
export function savedAddress(addressId: number, change: Partial<CustomerAddress> = {}): CustomerAddress {
  return {
    addressId,
    fullName: 'Sam Rivera',
    line1: `${addressId} Shore Road`,
    line2: '',
    city: 'Leith',
    region: '',
    postalCode: 'EH6 7AB',
    country: 'GB',
    phone: '',
    isDefault: false,
    ...change,
  };
}

/** A signed-in customer's profile as GetProfile answers it (customer 42, the id of the tests' access token). */
export const samProfile: AccountProfile = {
  customerId: 42,
  firstName: 'Sam',
  lastName: 'Rivera',
  company: '',
  email: 'sam@example.test',
  phone: '+15550102000',
  customerTypeId: 1,
  statusId: 1,
  wishlistCount: 0,
  addresses: [savedAddress(3, { fullName: 'Sam at work' }), savedAddress(5, { fullName: 'Sam at home', isDefault: true })],
};
