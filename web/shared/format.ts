// Display formatting shared by the admin panel and the mini app. Money arrives from the API as
// exact decimal strings; it is formatted with string and integer arithmetic only, because a float
// cannot hold most decimal amounts exactly.

/**
 * The spec's money rule: "0.00" for empty or non-numeric input; otherwise the amount rounded to
 * two decimals (half away from zero) with trailing zeros stripped ("10.00" -> "10", "0.25" -> "0.25",
 * "12.50" -> "12.5", "0.005" -> "0.01").
 */
export function formatUsdt(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "0.00";
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const match = text.match(/^([+-]?)(\d*)(?:\.(\d*))?$/);
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

/** "123456" -> "123,456": counts (never money) with thousands separators. */
export function formatCount(value: number | null | undefined): string {
  return (value ?? 0).toLocaleString("en-US");
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

/** "Nov 22, 2026" for an ISO time; empty for a missing one. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

/** "Nov 22, 2026, 14:05" for an ISO time; empty for a missing one. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString("en-US", { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hour12: false });
}

/** "14:05" for a time today, else as formatDateTime; empty for a missing one. */
export function formatTimeOrDate(iso: string | null | undefined, now = new Date()): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  if (date.toDateString() !== now.toDateString()) return formatDateTime(iso);
  return date.toLocaleTimeString("en-US", { hour: "2-digit", minute: "2-digit", hour12: false });
}

/** The name to show for a user: "@username", else the given fallback (e.g. "user_123"). */
export function displayName(username: string | null | undefined, fallback: string): string {
  return username ? `@${username}` : fallback;
}
