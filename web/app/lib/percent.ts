// Progress bars' fill: a whole-number percentage of part over total.

/** Whole-number percentage of part over total, capped at 100; 0 when there is no total. */
export function percent(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((part * 100) / total));
}
