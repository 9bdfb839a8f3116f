// Display-only formatting of API values. Amounts stay the API's exact decimal strings.
import { displayName } from "@/domain/display-name.ts";
import { colors } from "./colors.ts";

/** "0x12ab…cdef": the first 6 and last 4 characters, as the admin panel shows addresses. */
export function shortAddress(address: string | null | undefined): string {
  if (!address) return "-";
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** "5m", "3h", "2d": how long ago, compact enough for a table column. */
export function age(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return "-";
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

/** "2025-01-31 14:05" in UTC, the product's day. */
export function when(iso: string | null | undefined): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : "-";
}

export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return "-";
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)}m`;
  return `${Math.floor(seconds / 3600)}h ${Math.ceil((seconds % 3600) / 60)}m`;
}

export function userLabel(u: { username: string | null; firstName?: string | null; tgId?: number | null }): string {
  return displayName(u.username, u.firstName || (u.tgId ? String(u.tgId) : "-"));
}

// Withdrawal statuses and the risk review's: "review" and "flagged" both wait for an admin.
const statusColours = {
  review: colors.magenta,
  flagged: colors.magenta,
  cleared: colors.green,
  confirmed: colors.red,
  pending: colors.yellow,
  approved: colors.cyan,
  confirming: colors.blue,
  paid: colors.green,
  rejected: colors.red,
} as Record<string, (text: string) => string>;

export function status(value: string): string {
  return (statusColours[value] ?? ((t: string) => t))(value);
}

export const yesNo = (value: boolean) => (value ? "yes" : "no");

/**
 * Words filled into lines of at most `width` columns, for text that follows a label of `indent`
 * columns: later lines start under the first word. A word longer than a line keeps a line of its own.
 */
export function wrapWords(words: string[], indent: number, width: number): string {
  const lines: string[] = [];
  for (const word of words) {
    const line = lines.at(-1);
    if (line !== undefined && indent + line.length + 1 + word.length <= width) lines[lines.length - 1] = `${line} ${word}`;
    else lines.push(word);
  }
  return lines.join(`\n${" ".repeat(indent)}`);
}
