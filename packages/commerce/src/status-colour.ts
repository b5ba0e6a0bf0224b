/** The colour an order, payment or stock status is shown in (§4). */
export type StatusColour = 'red' | 'blue' | 'cyan' | 'green' | 'orange' | 'grey';

const colours: Record<string, StatusColour> = {
  cancelled: 'red',
  'payment failed': 'red',
  confirmed: 'blue',
  shipped: 'cyan',
  'in stock': 'green',
  delivered: 'green',
  paid: 'green',
  pending: 'orange',
  'verification pending': 'orange',
};

/** Colour for a status name, matched without regard to case; unknown statuses are grey. */
export function statusColour(status: string): StatusColour {
  return colours[status.trim().toLowerCase()] ?? 'grey';
}
