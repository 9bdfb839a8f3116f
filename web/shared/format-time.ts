// Times and durations as both apps show them: dates, "5 minutes ago", the daily countdown and a
// broadcast's ETA. Clock times are 24-hour; dates follow the locale, a language's code ("en",
// "ru", "es"), which defaults to English ("Nov 22, 2026") for the admin panel.

/** "Nov 22, 2026" ("22 нояб. 2026 г." in Russian) for an ISO time; empty for a missing one. */
export function formatDate(iso: string | null | undefined, locale = "en"): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" });
}

/** "Nov 22, 2026, 14:05" for an ISO time; empty for a missing one. */
export function formatDateTime(iso: string | null | undefined, locale = "en"): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString(locale, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hour12: false });
}

/** "14:05" for a time today, else as formatDateTime; empty for a missing one. */
export function formatTimeOrDate(iso: string | null | undefined, now = new Date(), locale = "en"): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  if (date.toDateString() !== now.toDateString()) return formatDateTime(iso, locale);
  return date.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", hour12: false });
}

/** "now", "5 minutes ago", "3 hours ago" in the locale's words, or the date for anything older than a day. */
export function formatRelative(iso: string, now = Date.now(), locale = "en"): string {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  const words = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  if (seconds < 60) return words.format(0, "second");
  if (seconds < 3600) return words.format(-Math.floor(seconds / 60), "minute");
  if (seconds < 86_400) return words.format(-Math.floor(seconds / 3600), "hour");
  return formatDateTime(iso, locale);
}

/** Milliseconds until the next UTC midnight, when daily tasks open again. */
export function msUntilUtcMidnight(now = Date.now()): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - now;
}

/** "05:03:09": a countdown in hours, minutes and seconds. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** "about 40 s", "about 12 min", "about 2 h 5 min"; "any moment" once it is due. */
export function formatEta(seconds: number): string {
  if (seconds <= 0) return "any moment";
  if (seconds < 60) return `about ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `about ${hours} h ${minutes % 60} min`;
}
