// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { QuantityStepper } from './quantity-stepper.tsx';

afterEach(cleanup);

/** A stepper over a quantity its page keeps, as the product page keeps its own. */
function Kept({ max, changed }: { max?: number; changed: (quantity: number) => void }) {
  const [quantity, setQuantity] = useState(1);
  return (
    <QuantityStepper
      value={quantity}
      max={max}
      label="Quantity of Garden Trowel"
      onChange={(next) => {
        changed(next);
        setQuantity(next);
      }}
    />
  );
}
const box = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Quantity' });
/** Enter in the box: the browser sends the box's form (as it does for a form held before the app started). */
const enter = () => act(() => box().form!.requestSubmit());

it('counts what was typed when Enter sends its form, even one held and sent again once the app started (issue 33)', () => {
  const changed = vi.fn();
  render(<Kept changed={changed} />);
  fireEvent.change(box(), { target: { value: '7' } });
  enter();
  expect(changed).toHaveBeenCalledWith(7);
  expect(box().value).toBe('7');
});

it('says "Only 5 left" at the field for more than there is, and the box shows what the line gets (issue 33)', () => {
  const changed = vi.fn();
  render(<Kept max={5} changed={changed} />);
  expect(screen.queryByText('Only 5 left')).toBeNull();
  fireEvent.change(box(), { target: { value: '99' } });
  enter();
  expect(changed).toHaveBeenLastCalledWith(5);
  expect(box().value).toBe('5');
  expect(screen.getByRole('status').textContent).toBe('Only 5 left');
  expect(box().getAttribute('aria-describedby')).toBe(screen.getByRole('status').id);
  // + at the most says so again rather than doing nothing silently; − takes the note away.
  fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
  expect(box().value).toBe('4');
  expect(screen.getByRole('status').textContent).toBe('');
  fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
  fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
  expect(box().value).toBe('5');
  expect(screen.getByRole('status').textContent).toBe('Only 5 left');
});
