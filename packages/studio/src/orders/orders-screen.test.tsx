// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fakeStudioServer } from '../api/fake-server.fixture.ts';
import { signedInStudio, stubNativeDialog } from '../studio-app.fixture.tsx';

let server: ReturnType<typeof fakeStudioServer>;
beforeEach(() => {
  server = fakeStudioServer();
  stubNativeDialog();
});
afterEach(cleanup);

/** Signs in, opens Orders from the editor's top bar and waits for the first page of the list. */
async function openOrders() {
  const studio = await signedInStudio(server);
  fireEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Orders' }));
  // The first opening of a test file also loads the back office's code.
  await screen.findByRole('region', { name: 'Order list' }, { timeout: 5000 });
  // Past the skeleton rows: the first page is there.
  await waitFor(() => expect(listedCodes().length).toBeGreaterThan(0));
  return studio;
}

const list = () => screen.getByRole('region', { name: 'Order list' });
const detail = () => screen.getByRole('region', { name: 'Order details' });
/** The order codes the list shows, top to bottom. */
const listedCodes = () => [...list().querySelectorAll('[data-open-row]')].map((button) => button.textContent);
/** The chip's words and colour. */
const chip = (element: HTMLElement) => `${element.textContent} (${element.dataset['colour']})`;

it('lists the newest orders 25 a page; filters by status, and searches as the owner stops typing', async () => {
  await openOrders();
  expect(listedCodes()).toHaveLength(25);
  const first = within(list()).getAllByRole('row')[1]!;
  expect(within(first).getByText('Ada Lovelace')).toBeTruthy();
  expect(within(first).getByText('ada@example.test')).toBeTruthy();
  // Total in the currency paid (54.00 at 0.5 to the euro), two items (a pan twice), Pending orange, payment Pending orange.
  expect(within(first).getByText('€27')).toBeTruthy();
  expect(within(first).getAllByRole('cell')[4]!.textContent).toBe('2');
  expect(within(first).getAllByText('Pending').map(chip)).toEqual(['Pending (orange)', 'Pending (orange)']);
  expect(chip(within(within(list()).getAllByRole('row')[2]!).getByText('Confirmed'))).toBe('Confirmed (blue)');
  expect(within(list()).getByText('1–25 of 28 orders')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(listedCodes()).toEqual(['ORDER00000000026', 'ORDER00000000027', 'ORDER00000000028']));
  expect(screen.getByText('26–28 of 28 orders')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);

  fireEvent.click(screen.getByRole('radio', { name: 'Confirmed' }));
  await waitFor(() => expect(listedCodes()).toEqual(['ORDER00000000002']));
  expect(screen.getByRole('radio', { name: 'Confirmed' }).getAttribute('aria-checked')).toBe('true');

  fireEvent.click(screen.getByRole('radio', { name: 'All' }));
  const search = screen.getByRole('searchbox', { name: 'Search orders' });
  fireEvent.change(search, { target: { value: 'ADA@' } });
  fireEvent.change(search, { target: { value: 'ADA@EX' } });
  await waitFor(() => expect(listedCodes()).toEqual(['ORDER00000000001']));
  // Asked once the typing stopped, not for every key: the first page, the next, Confirmed, All, then the search.
  expect(server.calls.filter((c) => c.path === 'GetOrders')).toHaveLength(5);

  fireEvent.change(search, { target: { value: 'nobody' } });
  expect(await screen.findByText('No orders match')).toBeTruthy();
  expect(listedCodes()).toEqual([]);
});

it('opens an order by keyboard: lines with add-ons, totals in the currency paid, contact, address, delivery, payment, history', async () => {
  await openOrders();
  const code = within(list()).getByRole('button', { name: 'ORDER00000000001' });
  code.focus();
  // ↓ and ↑ move between the rows; Enter (a button's click) opens one.
  fireEvent.keyDown(code, { key: 'ArrowDown' });
  expect(document.activeElement?.textContent).toBe('ORDER00000000002');
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
  expect(document.activeElement).toBe(code);
  fireEvent.click(code);
  const heading = await within(detail()).findByRole('heading', { name: 'Order ORDER00000000001' });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  expect(within(list()).getAllByRole('row')[1]!.getAttribute('aria-current')).toBe('true');
  const order = within(detail());
  // Two pans at 25.00 and gift wrap at 2.00, in euros at the recorded rate of 0.5 (decimals as `formatPrice` shows them).
  expect(order.getByText('Cast-iron pan')).toBeTruthy();
  expect(order.getByText('2 × €12.50 · SKU PAN-CI-28')).toBeTruthy();
  expect(within(order.getByRole('list', { name: 'Add-ons of Cast-iron pan' })).getByRole('listitem').textContent).toBe(
    '+ Gift wrap × 1 · €1',
  );
  expect(order.getByText('Total').nextElementSibling?.textContent).toBe('€27');
  expect(order.getByText('Delivery', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Free');
  expect(order.getByRole('link', { name: 'ada@example.test' }).getAttribute('href')).toBe('mailto:ada@example.test');
  expect(order.getByText('+44 131 555 0101')).toBeTruthy();
  expect([...order.getByRole('region', { name: 'Ship to' }).querySelectorAll('address span')].map((l) => l.textContent)).toEqual([
    'Ada Lovelace',
    '1 Quay Street',
    'Flat 2',
    'Leith',
    'EH6 6AA',
    'GB',
  ]);
  expect(order.getByText('Standard delivery (3–5 days)')).toBeTruthy();
  expect(order.getByText('Bank transfer')).toBeTruthy();
  expect(order.getByRole('region', { name: 'History' }).textContent).toContain('Order placed');
  // A pending order may be confirmed, paid or cancelled; not shipped yet.
  expect(
    within(order.getByRole('region', { name: 'Change this order' }))
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Confirm order', 'Mark paid', 'Cancel order…']);
});

it('moves an order on with a note and marks it paid; the detail, the list and the history follow the answer', async () => {
  await openOrders();
  fireEvent.click(within(list()).getByRole('button', { name: 'ORDER00000000001' }));
  const order = within(detail());
  fireEvent.change(await order.findByLabelText(/^Note/), { target: { value: 'Called the customer' } });
  fireEvent.click(order.getByRole('button', { name: 'Confirm order' }));

  // The order's status, and the history's newest entry.
  await waitFor(() => expect(order.getAllByText('Confirmed')).toHaveLength(2));
  expect(server.orders[0]).toMatchObject({ status: 'Confirmed', paymentStatus: 'Pending' });
  expect(server.calls.find((c) => c.path === 'SetOrderStatus')?.body).toEqual({
    orderCode: 'ORDER00000000001',
    status: 'Confirmed',
    note: 'Called the customer',
  });
  expect(screen.getByText('Order ORDER00000000001 confirmed.')).toBeTruthy();
  expect(within(within(list()).getAllByRole('row')[1]!).getByText('Confirmed')).toBeTruthy();
  expect(order.getByRole('region', { name: 'History' }).textContent).toContain('Called the customer');
  expect(order.getByLabelText(/^Note/)).toHaveProperty('value', '');
  expect(order.queryByRole('button', { name: 'Confirm order' })).toBeNull();
  expect(document.activeElement).toBe(order.getByRole('heading', { name: 'Order ORDER00000000001' }));

  fireEvent.click(order.getByRole('button', { name: 'Mark paid' }));
  await waitFor(() => expect(order.queryByRole('button', { name: 'Mark paid' })).toBeNull());
  expect(server.orders[0]!.paymentStatus).toBe('Paid');
  expect(chip(within(within(list()).getAllByRole('row')[1]!).getByText('Paid'))).toBe('Paid (green)');
  expect(order.getByRole('button', { name: 'Mark shipped' })).toBeTruthy();
});

it('a refused move shows the server’s message, and the order as it is now', async () => {
  await openOrders();
  fireEvent.click(within(list()).getByRole('button', { name: 'ORDER00000000002' }));
  const order = within(detail());
  const ship = await order.findByRole('button', { name: 'Mark shipped' });
  // Cancelled in another tab since this one loaded it.
  server.orders[1]!.status = 'Cancelled';
  fireEvent.click(ship);
  expect((await screen.findByRole('alert')).textContent).toContain('Not changed: A Cancelled order cannot become Shipped');
  expect(await order.findByText('This order is cancelled: there is nothing more to do with it.')).toBeTruthy();
  expect(chip(within(within(list()).getAllByRole('row')[2]!).getByText('Cancelled'))).toBe('Cancelled (red)');
});

it('Cancel asks first and says the stock goes back; Keep order leaves it be', async () => {
  await openOrders();
  fireEvent.click(within(list()).getByRole('button', { name: 'ORDER00000000001' }));
  const order = within(detail());
  fireEvent.click(await order.findByRole('button', { name: 'Cancel order…' }));
  const question = order.getByRole('group', { name: 'Cancel this order? Its items go back into stock.' });
  fireEvent.click(within(question).getByRole('button', { name: 'Keep order' }));
  expect(server.calls.some((c) => c.path === 'SetOrderStatus')).toBe(false);

  fireEvent.click(order.getByRole('button', { name: 'Cancel order…' }));
  fireEvent.click(within(order.getByRole('group', { name: /^Cancel this order/ })).getByRole('button', { name: 'Cancel order' }));
  expect(await order.findByText('This order is cancelled: there is nothing more to do with it.')).toBeTruthy();
  expect(server.orders[0]!.status).toBe('Cancelled');
  expect(screen.getByText('Order ORDER00000000001 cancelled; its items are back in stock.')).toBeTruthy();
});

it('going back from Orders to the editor finds it as it was, an unsaved edit and its undo included', async () => {
  const studio = await signedInStudio(server, { autosaveDelay: 60_000 });
  const outline = screen.getByRole('list', { name: 'Page sections' });
  fireEvent.click(await waitFor(() => within(outline).getByRole('button', { name: /^Hero banner/ })));
  fireEvent.input(await screen.findByRole('textbox', { name: 'Heading' }), { target: { value: 'Kept' } });

  fireEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Orders' }));
  await within(await screen.findByRole('region', { name: 'Order list' })).findByRole('table');
  // The editor's shortcuts rest while it is hidden: Ctrl+Z here undoes nothing.
  fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
  expect(studio.store.getState().docs.page!.sections[0]!.settings.heading).toBe('Kept');
  fireEvent.click(within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Pages & design' }));
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Order list' })).toBeNull());
  expect(screen.getByRole('textbox', { name: 'Heading' })).toHaveProperty('value', 'Kept');
  expect(studio.store.getState().history.past.length).toBeGreaterThan(0);
  // Loaded once: coming back did not fetch the page again over the edit.
  expect(server.calls.filter((c) => c.path === 'GetPage')).toHaveLength(1);
});

it('opens an order by its address, as a shared link or a reload does; Escape closes it and the keyboard goes back to its row', async () => {
  const studio = await signedInStudio(server, { at: '/editor/orders/ORDER00000000002' });
  const heading = await within(detail()).findByRole('heading', { name: 'Order ORDER00000000002' }, { timeout: 5000 });
  await waitFor(() => expect(listedCodes()).toHaveLength(25));
  const row = within(list()).getByRole('button', { name: 'ORDER00000000002' });
  expect(row.closest('tr')!.getAttribute('aria-current')).toBe('true');
  // The page editor was not started for it.
  expect(server.calls.some((c) => c.path === 'GetPages')).toBe(false);

  fireEvent.keyDown(heading, { key: 'Escape' });
  await waitFor(() => expect(studio.router.state.location.pathname).toBe('/editor/orders'));
  expect(await within(detail()).findByText('Choose an order to see it here.')).toBeTruthy();
  await waitFor(() => expect(document.activeElement).toBe(within(list()).getByRole('button', { name: 'ORDER00000000002' })));

  // Opening another puts its address in the history; Back brings the last one again.
  fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
  fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
  await waitFor(() => expect(studio.router.state.location.pathname).toBe('/editor/orders/ORDER00000000003'));
  await within(detail()).findByRole('heading', { name: 'Order ORDER00000000003' });
  await act(() => studio.router.navigate(-1));
  expect(studio.router.state.location.pathname).toBe('/editor/orders');
  await act(() => studio.router.navigate(-1));
  await within(detail()).findByRole('heading', { name: 'Order ORDER00000000002' });
});

it('an order that is not there says so beside the list', async () => {
  await signedInStudio(server, { at: '/editor/orders/NOSUCHORDER00000' });
  expect((await within(detail()).findByRole('alert', {}, { timeout: 5000 })).textContent).toMatch(
    /^Order NOSUCHORDER00000 could not be loaded: /,
  );
});

it('confirms the selected pending orders at once, and leaves the others as they are', async () => {
  await openOrders();
  fireEvent.click(within(list()).getByRole('checkbox', { name: 'Select order ORDER00000000001' }));
  fireEvent.click(within(list()).getByRole('checkbox', { name: 'Select order ORDER00000000002' }));
  const bar = within(screen.getByRole('region', { name: 'Selected rows' }));
  expect(bar.getByText('2 selected')).toBeTruthy();
  fireEvent.click(bar.getByRole('button', { name: 'Confirm pending orders' }));
  expect(await screen.findByText('1 order confirmed.')).toBeTruthy();
  // Only the pending one was asked for; the confirmed one was not moved.
  expect(server.calls.filter((c) => c.path === 'SetOrderStatus').map((c) => c.body)).toEqual([
    { orderCode: 'ORDER00000000001', status: 'Confirmed', note: '' },
  ]);
  expect(within(within(list()).getAllByRole('row')[1]!).getByText('Confirmed')).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Selected rows' })).toBeNull();
});

it('asks before a note typed for an order is lost by opening another or leaving Orders', async () => {
  const studio = await openOrders();
  fireEvent.click(within(list()).getByRole('button', { name: 'ORDER00000000001' }));
  fireEvent.change(await within(detail()).findByLabelText(/^Note/), { target: { value: 'Call first' } });
  fireEvent.click(within(list()).getByRole('button', { name: 'ORDER00000000002' }));
  const question = await within(detail()).findByRole('alertdialog', { name: 'Unsaved changes' });
  expect(studio.router.state.location.pathname).toBe('/editor/orders/ORDER00000000001');
  await waitFor(() => expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep editing' })));
  fireEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
  expect(within(detail()).getByLabelText(/^Note/)).toHaveProperty('value', 'Call first');

  fireEvent.click(within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Pages & design' }));
  fireEvent.click(within(await within(detail()).findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
  await waitFor(() => expect(studio.router.state.location.pathname).toBe('/editor'));

  // Nothing typed: an order is left at once.
  await act(() => studio.router.navigate('/editor/orders/ORDER00000000003'));
  await within(detail()).findByRole('heading', { name: 'Order ORDER00000000003' }, { timeout: 5000 });
  await act(() => studio.router.navigate('/editor/orders'));
  expect(studio.router.state.location.pathname).toBe('/editor/orders');
  expect(screen.queryByRole('alertdialog')).toBeNull();
});
