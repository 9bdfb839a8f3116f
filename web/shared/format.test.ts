import { describe, expect, test } from "bun:test";
import { formatTimeOrDate, formatUsdt, shortenAddress, shortenHash } from "./format.ts";

describe("formatUsdt", () => {
  test("empty or non-numeric input reads 0.00", () => {
    for (const value of [null, undefined, "", "  ", "abc", "1.2.3", ".", "-", "1e5", Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatUsdt(value)).toBe("0.00");
    }
  });
  test("rounds to two decimals and strips trailing zeros", () => {
    expect(formatUsdt("10.00")).toBe("10");
    expect(formatUsdt("0.20")).toBe("0.2");
    expect(formatUsdt("12.50")).toBe("12.5");
    expect(formatUsdt("0.25")).toBe("0.25");
    expect(formatUsdt("0.005")).toBe("0.01");
    expect(formatUsdt("0.004999")).toBe("0");
    expect(formatUsdt("1.995")).toBe("2");
    expect(formatUsdt("123456789012345678.994")).toBe("123456789012345678.99");
    expect(formatUsdt(".5")).toBe("0.5");
    expect(formatUsdt(3)).toBe("3");
  });
  test("keeps the sign of negative amounts", () => {
    expect(formatUsdt("-1.50")).toBe("-1.5");
    expect(formatUsdt("-0.001")).toBe("0");
  });
});

test("addresses and hashes are shortened as the spec says", () => {
  expect(shortenAddress("0x49920B3481f359fBBd021a152F1Ba9BBA5718063")).toBe("0x4992...8063");
  expect(shortenHash(`0x${"ab".repeat(32)}`, 16)).toBe("0xabababababababa...".slice(0, 16) + "...");
  expect(shortenHash(null, 8)).toBe("");
});

describe("formatTimeOrDate", () => {
  test("the time alone today, the date too on another day, nothing for a missing time", () => {
    const now = new Date(2026, 10, 22, 18, 0);
    expect(formatTimeOrDate(new Date(2026, 10, 22, 9, 5).toISOString(), now)).toBe("09:05");
    expect(formatTimeOrDate(new Date(2026, 10, 21, 23, 59).toISOString(), now)).toBe("Nov 21, 2026, 23:59");
    expect(formatTimeOrDate(null, now)).toBe("");
    expect(formatTimeOrDate("not a time", now)).toBe("");
  });
});
