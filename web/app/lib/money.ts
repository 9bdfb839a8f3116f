// Money as integer micro-USDT (BigInt), never as a float: amounts from the API and from inputs
// are exact decimal strings, parsed digit by digit and compared as integers. Display formatting
// is web/shared/format.ts.

const MICROS_PER_USDT = 1_000_000n;

/** Micro-USDT for a decimal string with at most `maxDecimals` decimals, or null if it is not one. */
export function toMicros(value: string, maxDecimals = 6): bigint | null {
  // ".5" is how some people type half a unit; "5." is what a number field may hold mid-typing.
  const m = value.trim().replace(/^\.(?=\d)/, "0.").match(/^(\d+)(?:\.(\d*))?$/);
  if (!m) return null;
  const fraction = m[2] ?? "";
  if (fraction.length > maxDecimals) return null;
  return BigInt(m[1]!) * MICROS_PER_USDT + BigInt(fraction.padEnd(6, "0"));
}

/** Micro-USDT of an amount the API sent (always a valid decimal string); 0 for anything else. */
export function micros(value: string | null | undefined): bigint {
  return (value && toMicros(value)) || 0n;
}

/** Whole-number percentage of part over total, capped at 100. */
export function percent(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((part * 100) / total));
}
