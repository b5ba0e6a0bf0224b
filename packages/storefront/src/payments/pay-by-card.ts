import { orderEndpoints } from '@vitrine/commerce';
import { useApi } from '../app-context.tsx';

/**
 * Sends the shopper to the payment provider's page to pay `orderCode` by card. The provider brings them back to the
 * order's page with the payment's id, where `ConfirmPayment` asks the provider what became of it. Rejects (and the
 * shopper stays) when the store cannot open the payment.
 */
export function usePayByCard(): (orderCode: string) => Promise<void> {
  const api = useApi();
  return async (orderCode) => {
    const { redirectUrl } = (await api.request(orderEndpoints.startPayment, { body: { orderCode } })).data;
    window.location.assign(redirectUrl);
  };
}
