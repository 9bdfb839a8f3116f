import { expect, test } from "bun:test";
import { micros, percent, toMicros } from "./money.ts";

test("toMicros parses exact decimal strings and refuses anything else", () => {
  expect(toMicros("10")).toBe(10_000_000n);
  expect(toMicros("12.50", 2)).toBe(12_500_000n);
  expect(toMicros(".5", 2)).toBe(500_000n);
  expect(toMicros("5.", 2)).toBe(5_000_000n);
  expect(toMicros("0.000001")).toBe(1n);
  expect(toMicros("10.001", 2)).toBeNull();
  for (const bad of ["", "-1", "1e3", "0x10", "1,5", "abc", " . "]) expect(toMicros(bad)).toBeNull();
});

test("amounts compare as integers, so 0.1 + 0.2 style float errors cannot happen", () => {
  expect(micros("0.10") + micros("0.20")).toBe(micros("0.30"));
  expect(micros("9.99") < micros("10.00")).toBe(true);
  expect(micros(null)).toBe(0n);
});

test("percent is a whole number capped at 100", () => {
  expect(percent(10, 50)).toBe(20);
  expect(percent(60, 50)).toBe(100);
  expect(percent(1, 0)).toBe(0);
});
