import { describe, expect, test } from "bun:test";
import { formatCountdown, formatDate, formatEta, formatRelative, formatTimeOrDate } from "./format-time.ts";

describe("formatTimeOrDate", () => {
  test("the time alone today, the date too on another day, nothing for a missing time", () => {
    const now = new Date(2026, 10, 22, 18, 0);
    expect(formatTimeOrDate(new Date(2026, 10, 22, 9, 5).toISOString(), now)).toBe("09:05");
    expect(formatTimeOrDate(new Date(2026, 10, 21, 23, 59).toISOString(), now)).toBe("Nov 21, 2026, 23:59");
    expect(formatTimeOrDate(null, now)).toBe("");
    expect(formatTimeOrDate("not a time", now)).toBe("");
  });
});

test("dates and relative times follow the locale", () => {
  const iso = new Date(2026, 10, 22, 9, 5).toISOString();
  expect(formatDate(iso)).toBe("Nov 22, 2026");
  expect(formatDate(iso, "es")).toBe("22 nov 2026");
  expect(formatDate(iso, "ru")).toMatch(/^22 нояб\. 2026/);
  const now = Date.parse(iso);
  expect(formatRelative(iso, now + 20_000)).toBe("now");
  expect(formatRelative(iso, now + 5 * 60_000)).toBe("5 minutes ago");
  expect(formatRelative(iso, now + 5 * 60_000, "ru")).toBe("5 минут назад");
  expect(formatRelative(iso, now + 3 * 3600_000, "es")).toBe("hace 3 horas");
  expect(formatRelative(iso, now + 2 * 86_400_000, "es")).toBe(formatTimeOrDate(iso, new Date(now + 2 * 86_400_000), "es"));
});

test("durations: the daily countdown and a broadcast's ETA", () => {
  expect(formatCountdown(5 * 3600_000 + 3 * 60_000 + 9_000)).toBe("05:03:09");
  expect(formatCountdown(-1)).toBe("00:00:00");
  expect(formatEta(0)).toBe("any moment");
  expect(formatEta(40)).toBe("about 40 s");
  expect(formatEta(12 * 60)).toBe("about 12 min");
  expect(formatEta(125 * 60)).toBe("about 2 h 5 min");
});
