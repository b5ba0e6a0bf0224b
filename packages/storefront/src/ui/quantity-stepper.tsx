import { useState } from 'react';
import { MAX_LINE_QUANTITY } from '@vitrine/commerce';
import { readQuantity, stepQuantity } from '../client/cart-rules.ts';

/**
 * A quantity with − and + (§4: one up or down, never below 1). What is typed counts when the field is left or Enter
 * is pressed; empty or below 1 is 1.
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  disabled = false,
}: {
  value: number;
  onChange: (quantity: number) => void;
  /** What the quantity is of, for screen readers: "Quantity of Cast Iron Skillet". */
  label: string;
  disabled?: boolean;
}) {
  // What is being typed, until it counts; the quantity itself otherwise.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const next = readQuantity(draft);
    setDraft(null);
    if (next !== value) onChange(next);
  };
  return (
    <div className="vt-stepper" role="group" aria-label={label}>
      <button
        type="button"
        className="vt-stepper-button"
        aria-label="Decrease quantity"
        disabled={disabled || value <= 1}
        onClick={() => onChange(stepQuantity(value, -1))}
      >
        −
      </button>
      <input
        className="vt-stepper-input"
        type="text"
        inputMode="numeric"
        aria-label="Quantity"
        value={draft ?? String(value)}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value.replace(/[^\d]/g, ''))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      <button
        type="button"
        className="vt-stepper-button"
        aria-label="Increase quantity"
        disabled={disabled || value >= MAX_LINE_QUANTITY}
        onClick={() => onChange(stepQuantity(value, 1))}
      >
        +
      </button>
    </div>
  );
}
