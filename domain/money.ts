// Money is integer micro-USDT everywhere; these are the only conversions to and from text: what
// people type, what the API sends, and what the screens show. It imports only errors.ts, so the
// server, the CLI and both web apps use this one module.
import { AppError } from "./errors.ts";

const MICRO = 1_000_000;

/** Decimals a person may type in any amount (DESIGN.md); only the API's own text carries six. */
export const typedDecimals = 2;

/** One kind of amount people type; the kinds themselves are amountRules in rules.ts. */
export type AmountRule = {
  /** The name the server's messages use: the API field ("amount", "rewardUsdt"). */
  field: string;
  /** The largest size allowed, in micro-USDT, for either sign. */
  max: number;
  /** A sign is allowed (a credit or a debit). */
  signed?: boolean;
  /** Zero is refused, because it would move nothing. */
  nonZero?: boolean;
};

type Reading = { micro: number; problem?: undefined } | { micro?: undefined; problem: string; overMax?: boolean };

/**
 * Reads an amount a person typed: its micro-USDT, or why it is refused, worded to follow the
 * field's name ("must be at most 1000 USDT"), so a form or a CLI flag can show it as it is. A JSON
 * number is read through its shortest decimal text, which is exactly what was typed, so no binary
 * fraction ever reaches the arithmetic.
 */
export function readAmount(input: unknown, rule: AmountRule): Reading {
  const reading = read(input, typedDecimals, rule.max, rule.signed === true);
  if (reading.micro === 0 && rule.nonZero) return { problem: "must not be zero" };
  return reading;
}

/** readAmount for the server: the amount, or a 400 INVALID_AMOUNT naming the field (and the maximum it passed). */
export function parseUsdt(input: unknown, rule: AmountRule): number {
  const reading = readAmount(input, rule);
  if (reading.problem === undefined) return reading.micro;
  const extra = { field: rule.field, ...(reading.overMax && { max: formatUsdt(rule.max) }) };
  throw new AppError("INVALID_AMOUNT", `${rule.field} ${reading.problem}`, extra);
}

/**
 * Micro-USDT of exact text: a literal written in code ("0.2" → 200000) or an amount the API sent
 * (which clients compare as integers). Up to six decimals and either sign; anything else is a bug.
 */
export function usdt(text: string): number {
  const { micro, problem } = read(text, 6, Number.MAX_SAFE_INTEGER, true);
  if (problem === undefined) return micro;
  throw new AppError("INVALID_AMOUNT", `amount ${problem}`, { field: "amount" });
}

function read(input: unknown, decimals: number, max: number, signed: boolean): Reading {
  const text = typeof input === "number" ? String(input) : typeof input === "string" ? input.trim() : "";
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return { problem: signed ? 'must be a decimal number such as "2.50" or "-2.50"' : 'must be a decimal number such as "10.50"' };
  const [, sign, whole = "", fraction = ""] = match;
  if (fraction.length > decimals) return { problem: `must have at most ${decimals} decimals` };
  if (sign && !signed) return { problem: "must not be negative" };
  // Every maximum is below 2^53 micro-USDT (ten whole digits), so a longer number is past it
  // whatever it says, and a shorter one converts exactly or lands past the maximum anyway.
  const micro = whole.replace(/^0+/, "").length > 10 ? Infinity : Number(whole) * MICRO + Number(fraction.padEnd(6, "0"));
  if (micro > max) return { problem: atMost(max), overMax: true };
  return { micro: sign && micro ? -micro : micro };
}

/** How a limit is worded wherever an amount passes it (server, CLI, web): "must be at most 1000 USDT". */
export const atMost = (max: number) => `must be at most ${wholeUsdt(max)} USDT`;

/** A limit as people write it: "1000" rather than "1000.00". */
export function wholeUsdt(micro: number): string {
  return formatUsdt(micro).replace(/\.00$/, "");
}

/**
 * The API's text for an amount: at least two decimals, more only when they are not zero ("12.50",
 * "0.000001"). A sum that may pass 2^53 (the ledger check's total of every balance) comes as a
 * BigInt and is divided as one, so no digit is lost to a float.
 */
export function formatUsdt(micro: number | bigint): string {
  if (typeof micro === "bigint") {
    const abs = micro < 0n ? -micro : micro;
    return usdtText(micro < 0n, abs / BigInt(MICRO), abs % BigInt(MICRO));
  }
  const abs = Math.abs(micro);
  return usdtText(micro < 0, Math.floor(abs / MICRO), abs % MICRO);
}

const usdtText = (negative: boolean, whole: number | bigint, fraction: number | bigint) =>
  `${negative ? "-" : ""}${whole}.${String(fraction).padStart(6, "0").replace(/0+$/, "").padEnd(2, "0")}`;

/**
 * The screens' text for an amount the API sent, as the spec shows money: rounded to two decimals
 * (half away from zero) with trailing zeros stripped ("10.00" → "10", "12.50" → "12.5", "0.005" →
 * "0.01"), and "0.00" for nothing. String and BigInt arithmetic only, so any length stays exact.
 * The CLI prints the API's text as it is instead: an operator sees every micro-USDT.
 */
export function displayUsdt(value: string | null | undefined): string {
  const match = value?.trim().match(/^([+-]?)(\d*)(?:\.(\d*))?$/);
  if (!match || (match[2] === "" && !match[3])) return "0.00";
  const [, sign, whole = "", fraction = ""] = match;
  // Hundredths as a BigInt, then round on the third decimal digit.
  let hundredths = BigInt((whole || "0") + fraction.padEnd(2, "0").slice(0, 2));
  if ((fraction[2] ?? "0") >= "5") hundredths += 1n;
  const units = hundredths / 100n;
  const cents = (hundredths % 100n).toString().padStart(2, "0").replace(/0+$/, "");
  const negative = sign === "-" && hundredths !== 0n;
  return `${negative ? "-" : ""}${units}${cents ? `.${cents}` : ""}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in a message to someone reading `locale`: the API's exact text (formatUsdt) written
 * with that language's grouping and decimal mark ("1,234.50", "1 234,50", "1234,50"). Intl reads
 * the decimal text itself, so no binary fraction is involved. `minDecimals` 0 writes a limit as
 * people say it ("10").
 */
export function localUsdt(micro: number, locale: string, minDecimals = 2): string {
  const key = `${locale}:${minDecimals}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: minDecimals, maximumFractionDigits: 6 })));
  return format.format(formatUsdt(micro) as `${number}`);
}
