import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { immer } from 'zustand/middleware/immer';
import { buildCartCode, parseCartCode } from '@vitrine/commerce';

/** A line of the cart as the browser keeps it: its cart code (§3.5) and, once saved, its server id. */
export interface CartLine {
  cartCode: string;
  cartItemID: string;
}

interface CartState {
  lines: CartLine[];
  /** Adds a line; the same product, variant and add-ons merge and their quantities add up (§4). */
  add(code: string): void;
  clear(): void;
}

/** The shopper's cart lines, kept in browser storage (a guest's cart lives only here, §4). */
export const useCart = create<CartState>()(
  persist(
    immer((set) => ({
      lines: [],
      add(code) {
        const parts = parseCartCode(code);
        if (!parts) return;
        set((s) => {
          const same = s.lines.find((line) => {
            const other = parseCartCode(line.cartCode);
            return (
              other &&
              other.productId === parts.productId &&
              other.variantId === parts.variantId &&
              other.addonIds.join() === [...parts.addonIds].sort((a, b) => a - b).join()
            );
          });
          if (same) {
            const other = parseCartCode(same.cartCode)!;
            same.cartCode = buildCartCode({ ...other, quantity: other.quantity + parts.quantity });
          } else {
            s.lines.push({ cartCode: buildCartCode(parts), cartItemID: '0' });
          }
        });
      },
      clear() {
        set((s) => {
          s.lines = [];
        });
      },
    })),
    { name: 'vt.cart', storage: createJSONStorage(() => localStorage) },
  ),
);
