import { expect, test } from "bun:test";
import { addDays, utcDay, weekStart } from "./time.ts";

test("days are UTC calendar days, whatever the local time zone", () => {
  expect(utcDay(new Date("2026-03-10T23:59:59.999Z"))).toBe("2026-03-10");
  expect(utcDay(new Date("2026-03-11T00:00:00+02:00"))).toBe("2026-03-10");
  expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
  expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
});

test("weeks start on Monday", () => {
  expect(weekStart("2026-11-22")).toBe("2026-11-16"); // a Sunday
  expect(weekStart("2026-11-16")).toBe("2026-11-16");
  expect(weekStart("2026-11-17")).toBe("2026-11-16");
});
