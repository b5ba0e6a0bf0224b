// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { useCart } from '../client/cart.ts';
import { pricedItem } from '../client/cart.fixture.ts';
import { quantityOf } from '../client/cart-rules.ts';
import { CartLines } from './cart-lines.tsx';

afterEach(cleanup);
beforeEach(() => {
  const line = { cartCode: '12_1_0_', cartItemID: '0' };
  useCart.setState({ lines: [line], settled: [line], items: [pricedItem('12_1_0_')], pending: [], popup: null });
});

function Cart() {
  return <CartLines lines={useCart((s) => s.lines)} />;
}
const box = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Quantity' });
const lineQuantity = () => quantityOf(useCart.getState().lines[0]!);

it('keeps the box and the line at one quantity, and says "Only 5 left" when the store lowers it to the stock (issue 33)', () => {
  render(
    <MemoryRouter>
      <Cart />
    </MemoryRouter>,
  );
  fireEvent.change(box(), { target: { value: '99' } });
  // Enter, on a phone's keyboard too, sends the box's form.
  act(() => box().form!.requestSubmit());
  expect(lineQuantity()).toBe(99);
  expect(box().value).toBe('99');
  expect(screen.queryByText(/left/)).toBeNull();

  // The store answers that five are left: the line is lowered, and the field says why.
  act(() => {
    const line = { cartCode: '12_5_0_', cartItemID: '0' };
    useCart.setState({ lines: [line], settled: [line], items: [pricedItem('12_5_0_', 'lessstock')], pending: [] });
  });
  expect(lineQuantity()).toBe(5);
  expect(box().value).toBe('5');
  expect(screen.getByRole('status').textContent).toBe('Only 5 left');
  // Asking for more again changes nothing silently: the field says it again, and the line stays at the stock.
  fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
  expect(lineQuantity()).toBe(5);
  expect(screen.getByRole('status').textContent).toBe('Only 5 left');
});
