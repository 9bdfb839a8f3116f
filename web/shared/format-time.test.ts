import { describe, expect, test } from "bun:test";
import { formatCountdown, formatEta, formatTimeOrDate } from "./format-time.ts";

describe("formatTimeOrDate", () => {
  test("the time alone today, the date too on another day, nothing for a missing time", () => {
    const now = new Date(2026, 10, 22, 18, 0);
    expect(formatTimeOrDate(new Date(2026, 10, 22, 9, 5).toISOString(), now)).toBe("09:05");
    expect(formatTimeOrDate(new Date(2026, 10, 21, 23, 59).toISOString(), now)).toBe("Nov 21, 2026, 23:59");
    expect(formatTimeOrDate(null, now)).toBe("");
    expect(formatTimeOrDate("not a time", now)).toBe("");
  });
});

test("durations: the daily countdown and a broadcast's ETA", () => {
  expect(formatCountdown(5 * 3600_000 + 3 * 60_000 + 9_000)).toBe("05:03:09");
  expect(formatCountdown(-1)).toBe("00:00:00");
  expect(formatEta(0)).toBe("any moment");
  expect(formatEta(40)).toBe("about 40 s");
  expect(formatEta(12 * 60)).toBe("about 12 min");
  expect(formatEta(125 * 60)).toBe("about 2 h 5 min");
});
