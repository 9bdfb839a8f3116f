// Display formatting shared by the admin panel and the mini app: counts, amounts, addresses and
// hashes. Times are format-time.ts; the rounding of money is displayUsdt in domain/money.ts, the
// one module for amounts. A locale is the language's code ("en", "ru", "es"); the admin panel
// passes none and stays English.
import { displayUsdt } from "@/domain/money.ts";

/** "123456" -> "123,456" ("123 456" in Russian): counts (never money) with the locale's grouping. */
export function formatCount(value: number | null | undefined, locale = "en"): string {
  return (value ?? 0).toLocaleString(locale);
}

const decimalSeparators = new Map<string, string>();

function decimalSeparator(locale: string): string {
  let separator = decimalSeparators.get(locale);
  if (separator === undefined) {
    separator = new Intl.NumberFormat(locale).formatToParts(0.5).find((part) => part.type === "decimal")?.value ?? ".";
    decimalSeparators.set(locale, separator);
  }
  return separator;
}

/**
 * An amount the API sent, rounded as displayUsdt rounds it and written the locale's way: "1,234.5"
 * in English, "1 234,5" in Russian, "1234,5" in Spanish. The whole part goes through Intl as a
 * BigInt and the cents are appended as digits, so no amount ever passes through a float.
 */
export function formatUsdtAmount(value: string | null | undefined, locale = "en"): string {
  const [, sign = "", whole = "0", cents] = /^(-?)(\d+)(?:\.(\d+))?$/.exec(displayUsdt(value)) ?? [];
  const grouped = new Intl.NumberFormat(locale).format(BigInt(whole));
  return `${sign}${grouped}${cents ? decimalSeparator(locale) + cents : ""}`;
}

/** A wallet address shown as its first 6 and last 4 characters: "0x1234...abcd". */
export function shortenAddress(address: string | null | undefined): string {
  if (!address) return "";
  return address.length <= 10 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;
}

/** A transaction hash shown as its first `length` characters (16 in the admin, 8 in the app). */
export function shortenHash(hash: string | null | undefined, length: number): string {
  if (!hash) return "";
  return hash.length <= length ? hash : `${hash.slice(0, length)}...`;
}
