// Progress bars' fill: the share of part in total, as a percentage.

/** part over total in percent, capped at 100; 0 when there is no total. */
export function percent(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, (part * 100) / total);
}
