// Display formatting shared by the admin panel and the mini app: counts, addresses, hashes and
// dates. Money is displayUsdt in api/domain/money.ts, the one module for amounts.

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
