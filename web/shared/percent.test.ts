import { expect, test } from "bun:test";
import { percent } from "./percent.ts";

test("percent is part over total, capped at 100", () => {
  expect(percent(10, 50)).toBe(20);
  expect(percent(1, 3)).toBeCloseTo(33.333, 3);
  expect(percent(60, 50)).toBe(100);
  expect(percent(1, 0)).toBe(0);
});
