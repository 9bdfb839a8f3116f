// Money is integer micro-USDT everywhere; these are the only conversions to and from text.
import { AppError } from "./errors.ts";

export const MICRO = 1_000_000;

/** Micro-USDT of a whole or decimal USDT literal written in code ("0.2" → 200000). */
export function usdt(text: string): number {
  return parseUsdt(text, { field: "amount", maxDecimals: 6, allowNegative: true });
}

type ParseOptions = {
  field: string;
  maxDecimals: 2 | 6;
  allowNegative?: boolean;
  /** The largest size allowed, in micro-USDT (a limit from rules.ts), for either sign. */
  max?: number;
};

/**
 * Parses an amount exactly. A JSON number is accepted through its shortest decimal text, which
 * is exactly what a person typed, so no binary fraction ever reaches the arithmetic.
 */
export function parseUsdt(input: unknown, { field, maxDecimals, allowNegative = false, max }: ParseOptions): number {
  const text = typeof input === "number" ? String(input) : typeof input === "string" ? input.trim() : undefined;
  if (text === undefined || text === "") {
    throw new AppError("INVALID_AMOUNT", `${field} must be a decimal number such as "10.50"`, { field });
  }
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) {
    throw new AppError("INVALID_AMOUNT", `${field} must be a decimal number such as "10.50"`, { field });
  }
  const [, sign, whole = "", fraction = ""] = match;
  if (fraction.length > maxDecimals) {
    throw new AppError("INVALID_AMOUNT", `${field} has more than ${maxDecimals} decimals`, { field });
  }
  // Nine whole digits keep the micro-USDT below 1e15, so the Number below is exact.
  if (whole.replace(/^0+/, "").length > 9) throw tooLarge(field, max);
  if (sign && !allowNegative) {
    throw new AppError("INVALID_AMOUNT", `${field} must not be negative`, { field });
  }
  const micro = Number(whole) * MICRO + Number(fraction.padEnd(6, "0"));
  if (max !== undefined && micro > max) throw tooLarge(field, max);
  return sign ? -micro : micro;
}

function tooLarge(field: string, max: number | undefined): AppError {
  if (max === undefined) return new AppError("INVALID_AMOUNT", `${field} is too large`, { field });
  return new AppError("INVALID_AMOUNT", `${field} ${atMost(max)}`, { field, max: formatUsdt(max) });
}

/** How a limit is worded wherever an amount passes it (server, CLI, web): "must be at most 1000 USDT". */
export const atMost = (max: number) => `must be at most ${wholeUsdt(max)} USDT`;

/** A limit as people write it: "1000" rather than "1000.00". */
export function wholeUsdt(micro: number): string {
  return formatUsdt(micro).replace(/\.00$/, "");
}

/** "12.5" style text for the API: at least two decimals, more only when they are not zero. */
export function formatUsdt(micro: number): string {
  const sign = micro < 0 ? "-" : "";
  const abs = Math.abs(micro);
  const whole = Math.floor(abs / MICRO);
  const fraction = String(abs % MICRO).padStart(6, "0").replace(/0+$/, "").padEnd(2, "0");
  return `${sign}${whole}.${fraction}`;
}
