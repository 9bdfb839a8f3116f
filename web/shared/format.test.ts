import { expect, test } from "bun:test";
import { formatCount, formatUsdtAmount, shortenAddress, shortenHash } from "./format.ts";

test("addresses and hashes are shortened as the spec says", () => {
  expect(shortenAddress("0x49920B3481f359fBBd021a152F1Ba9BBA5718063")).toBe("0x4992...8063");
  expect(shortenHash(`0x${"ab".repeat(32)}`, 16)).toBe("0xabababababababa...".slice(0, 16) + "...");
  expect(shortenHash(null, 8)).toBe("");
});

test("counts and amounts are written the language's way, English by default", () => {
  expect(formatCount(123456)).toBe("123,456");
  expect(formatCount(123456, "es")).toBe("123.456");
  expect(formatUsdtAmount("12.50")).toBe("12.5");
  expect(formatUsdtAmount("1234.567")).toBe("1,234.57");
  expect(formatUsdtAmount("10.00", "ru")).toBe("10");
  expect(formatUsdtAmount("12345.50", "ru")).toBe("12\u00a0345,5");
  expect(formatUsdtAmount("1234.5", "es")).toBe("1234,5");
  expect(formatUsdtAmount("-0.2", "es")).toBe("-0,2");
  expect(formatUsdtAmount(undefined, "ru")).toBe("0,00");
  // Far past a float's exact range, still every digit.
  expect(formatUsdtAmount("123456789012345678.99")).toBe("123,456,789,012,345,678.99");
});
