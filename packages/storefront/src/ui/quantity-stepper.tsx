import { useId, useRef, useState } from 'react';
import { MAX_LINE_QUANTITY } from '@vitrine/commerce';
import { readQuantity, stepQuantity } from '../client/cart-rules.ts';

/**
 * A quantity with − and + (§4: one up or down, never below 1). What is typed counts when the field is left or Enter
 * is pressed; empty or below 1 is 1. Enter sends the stepper's own small form, so an Enter pressed before the app
 * started is held and sent again once it has (`client/app-start.ts`), with what was typed: the box never shows a
 * quantity the line does not have. With `max` (what is in stock), more than that is the most, and the field says
 * "Only N left" rather than changing it silently; `limited` says so too (the cart lowered the line to the stock).
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  disabled = false,
  max,
  limited = false,
}: {
  value: number;
  onChange: (quantity: number) => void;
  /** What the quantity is of, for screen readers: "Quantity of Cast Iron Skillet". */
  label: string;
  disabled?: boolean;
  /** The most there is (the stock), when known. */
  max?: number | undefined;
  /** Whether the quantity was lowered to the stock elsewhere (the cart's answer). */
  limited?: boolean;
}) {
  // What is being typed, until it counts; the quantity itself otherwise.
  const [draft, setDraft] = useState<string | null>(null);
  // The shopper asked for more than there is.
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const noteId = useId();
  const most = max === undefined ? MAX_LINE_QUANTITY : Math.max(1, Math.min(max, MAX_LINE_QUANTITY));
  const change = (asked: number) => {
    const next = Math.min(asked, most);
    setOver(max !== undefined && asked > most);
    if (next !== value) onChange(next);
  };
  // Read from the field itself: a value handed over before the app started may not have rendered yet.
  const commit = () => {
    const typed = input.current?.value ?? draft;
    setDraft(null);
    if (typed === null || typed === undefined || (draft === null && typed === String(value))) return;
    change(readQuantity(typed));
  };
  const note = (over || limited) && max !== undefined && value >= most ? `Only ${most} left` : null;
  return (
    <form
      className="vt-stepper-field"
      onSubmit={(event) => {
        event.preventDefault();
        commit();
      }}
    >
      <div className="vt-stepper" role="group" aria-label={label}>
        <button
          type="button"
          className="vt-stepper-button"
          aria-label="Decrease quantity"
          disabled={disabled || value <= 1}
          onClick={() => change(stepQuantity(value, -1))}
        >
          −
        </button>
        <input
          ref={input}
          className="vt-stepper-input"
          type="text"
          inputMode="numeric"
          enterKeyHint="done"
          aria-label="Quantity"
          aria-describedby={note ? noteId : undefined}
          value={draft ?? String(value)}
          disabled={disabled}
          onChange={(event) => setDraft(event.target.value.replace(/[^\d]/g, ''))}
          onBlur={commit}
        />
        <button
          type="button"
          className="vt-stepper-button"
          aria-label="Increase quantity"
          disabled={disabled || value >= MAX_LINE_QUANTITY}
          onClick={() => change(stepQuantity(value, 1))}
        >
          +
        </button>
      </div>
      <p id={noteId} className="vt-stepper-note" role="status">
        {note}
      </p>
    </form>
  );
}
