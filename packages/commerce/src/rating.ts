/** Best and worst ratings a review can give (§5). */
export const BEST_RATING = 5;
export const WORST_RATING = 1;

/** Clamps a rating to 0–5 and rounds it to the nearest half (§5); anything not a number is 0. */
export function roundRating(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.round(Math.min(5, Math.max(0, n)) * 2) / 2;
}
