import { expect, test } from "bun:test";
import { confirmationsOf, formatTokenUnits, sameAmount } from "./chain.ts";
import { usdt } from "./money.ts";

test("an amount in micro-USDT and one in token units are compared exactly, whatever the token's decimals", () => {
  expect(sameAmount(usdt("12.5"), 12_500_000_000_000_000_000n, 18)).toBe(true);
  expect(sameAmount(usdt("12.5"), 12_500_000_000_000_000_001n, 18)).toBe(false);
  expect(sameAmount(usdt("12.5"), 12_499_999_999_999_999_999n, 18)).toBe(false);
  expect(sameAmount(usdt("12.5"), 12_500_000n, 6)).toBe(true);
  // Fewer decimals than micro-USDT: a token of 2 decimals pays 10.00 exactly, and never 10.000001.
  expect(sameAmount(usdt("10"), 1_000n, 2)).toBe(true);
  expect(sameAmount(usdt("10.000001"), 1_000n, 2)).toBe(false);
  // Past 2^53 units, where a float would round.
  expect(sameAmount(usdt("1000000000"), 10n ** 27n, 18)).toBe(true);
  expect(sameAmount(usdt("1000000000"), 10n ** 27n + 1n, 18)).toBe(false);
});

test("token units are written with every digit they have", () => {
  expect(formatTokenUnits(12_500_000_000_000_000_000n, 18)).toBe("12.5");
  expect(formatTokenUnits(1n, 18)).toBe("0.000000000000000001");
  expect(formatTokenUnits(10n ** 18n, 18)).toBe("1");
  expect(formatTokenUnits(0n, 18)).toBe("0");
  expect(formatTokenUnits(1_234n, 0)).toBe("1234");
});

test("confirmations count the transaction's own block", () => {
  expect(confirmationsOf(100, 100)).toBe(1);
  expect(confirmationsOf(100, 114)).toBe(15);
  expect(confirmationsOf(100, 99)).toBe(0);
});
