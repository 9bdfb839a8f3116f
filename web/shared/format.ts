// Display formatting shared by the admin panel and the mini app: counts, addresses and hashes.
// Times are format-time.ts; money is displayUsdt in domain/money.ts, the one module for amounts.

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
