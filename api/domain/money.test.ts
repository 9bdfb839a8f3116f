import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { formatUsdt, parseUsdt, usdt } from "./money.ts";

const two = { field: "amount", maxDecimals: 2 } as const;

describe("money", () => {
  test("parses decimal text exactly into micro-USDT", () => {
    expect(parseUsdt("10", two)).toBe(10_000_000);
    expect(parseUsdt("0.1", two)).toBe(100_000);
    expect(parseUsdt("12.34", two)).toBe(12_340_000);
    expect(parseUsdt(" 7.5 ", two)).toBe(7_500_000);
    expect(parseUsdt(0.29, two)).toBe(290_000); // 0.29 * 1e6 in floats is 289999.99999999994
    expect(usdt("0.000001")).toBe(1);
  });

  test("rejects what a person could not mean", () => {
    for (const bad of ["", "abc", "1e3", "1,5", "0x10", "1.234", "-5", "NaN", "Infinity", "1000000000", null, {}, true]) {
      expect(() => parseUsdt(bad, two)).toThrow();
    }
    expect(() => parseUsdt("1.0000001", { field: "r", maxDecimals: 6 })).toThrow("more than 6 decimals");
  });

  test("a limit bounds either sign and is named in the message", () => {
    const limited = { field: "amount", maxDecimals: 2, allowNegative: true, max: usdt("1000") } as const;
    expect(parseUsdt("1000", limited)).toBe(1_000_000_000);
    expect(parseUsdt("-1000.00", limited)).toBe(-1_000_000_000);
    for (const over of ["1000.01", "-1000.01", "999999999.99", "1000000000000"]) {
      expect(() => parseUsdt(over, limited)).toThrow("amount must be at most 1000 USDT");
    }
  });

  test("formats with at least two decimals and no float on the way", () => {
    expect(formatUsdt(0)).toBe("0.00");
    expect(formatUsdt(200_000)).toBe("0.20");
    expect(formatUsdt(10_000_000)).toBe("10.00");
    expect(formatUsdt(1_234_567)).toBe("1.234567");
    expect(formatUsdt(-1_500_000)).toBe("-1.50");
  });

  test("format and parse round-trip every amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -999_999_999_999_999, max: 999_999_999_999_999 }), (micro) => {
        expect(parseUsdt(formatUsdt(micro), { field: "x", maxDecimals: 6, allowNegative: true })).toBe(micro);
      }),
    );
  });
});
