import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { AppError } from "./errors.ts";
import { displayUsdt, formatUsdt, parseUsdt, readAmount, typedDecimals, usdt } from "./money.ts";
import { amountRules, rules } from "./rules.ts";

const problem = (input: unknown, rule: Parameters<typeof readAmount>[1]) => readAmount(input, rule).problem;

describe("amounts people type", () => {
  test("parse exactly into micro-USDT", () => {
    const { withdrawal } = amountRules;
    expect(parseUsdt("10", withdrawal)).toBe(10_000_000);
    expect(parseUsdt("0.1", withdrawal)).toBe(100_000);
    expect(parseUsdt("12.34", withdrawal)).toBe(12_340_000);
    expect(parseUsdt(" 7.5 ", withdrawal)).toBe(7_500_000);
    expect(parseUsdt(0.29, withdrawal)).toBe(290_000); // 0.29 * 1e6 in floats is 289999.99999999994
  });

  test("every kind takes at most two decimals: the withdrawal, the adjustment and the task reward alike", () => {
    expect(typedDecimals).toBe(2);
    for (const rule of Object.values(amountRules)) {
      expect(readAmount("1.25", rule).micro).toBe(1_250_000);
      expect(problem("1.125", rule)).toBe("must have at most 2 decimals");
      expect(problem("0.000001", rule)).toBe("must have at most 2 decimals");
    }
  });

  test("refuse what a person could not mean, saying why", () => {
    for (const bad of ["", "abc", "1e3", "1,5", "0x10", ".5", "5.", "NaN", "Infinity", null, {}, true]) {
      expect(problem(bad, amountRules.withdrawal)).toBe('must be a decimal number such as "10.50"');
    }
    expect(problem("-5", amountRules.withdrawal)).toBe("must not be negative");
    expect(problem("-5", amountRules.taskReward)).toBe("must not be negative");
  });

  test("each kind has its maximum, for either sign, named in the message", () => {
    expect(readAmount("1000", amountRules.taskReward).micro).toBe(rules.maxTaskReward);
    expect(problem("1000.01", amountRules.taskReward)).toBe("must be at most 1000 USDT");
    expect(readAmount("-100000.00", amountRules.adjustment).micro).toBe(-rules.maxAdjustment);
    for (const over of ["100000.01", "-100000.01", "999999999.99", "1000000000000", "99999999999999999999"]) {
      expect(problem(over, amountRules.adjustment)).toBe("must be at most 100000 USDT");
    }
    expect(readAmount("1000000000", amountRules.withdrawal).micro).toBe(rules.maxBalance);
    expect(problem("1000000000.01", amountRules.withdrawal)).toBe("must be at most 1000000000 USDT");
  });

  test("an adjustment has a sign and is never zero; a reward may be zero", () => {
    expect(readAmount("-1.50", amountRules.adjustment).micro).toBe(-1_500_000);
    for (const zero of ["0", "-0", "0.00"]) expect(problem(zero, amountRules.adjustment)).toBe("must not be zero");
    expect(problem("x", amountRules.adjustment)).toBe('must be a decimal number such as "2.50" or "-2.50"');
    expect(readAmount("0", amountRules.taskReward).micro).toBe(0);
  });

  test("the server's refusal is a 400 INVALID_AMOUNT naming the field, with the maximum it passed", () => {
    const refusal = (input: unknown, rule: Parameters<typeof parseUsdt>[1]) => {
      try {
        parseUsdt(input, rule);
      } catch (error) {
        return error instanceof AppError ? { code: error.code, message: error.message, extra: error.extra } : error;
      }
    };
    expect(refusal("1.234", amountRules.withdrawal)).toEqual({ code: "INVALID_AMOUNT", message: "amount must have at most 2 decimals", extra: { field: "amount" } });
    expect(refusal("1001", amountRules.taskReward)).toEqual({
      code: "INVALID_AMOUNT",
      message: "rewardUsdt must be at most 1000 USDT",
      extra: { field: "rewardUsdt", max: "1000.00" },
    });
    expect(refusal(0, amountRules.adjustment)).toEqual({ code: "INVALID_AMOUNT", message: "amount must not be zero", extra: { field: "amount" } });
  });
});

describe("exact text (code literals, the API's amounts)", () => {
  test("up to six decimals and either sign, up to the largest exact amount", () => {
    expect(usdt("0.000001")).toBe(1);
    expect(usdt("0.2")).toBe(200_000);
    expect(usdt("-1.50")).toBe(-1_500_000);
    expect(usdt("1000000000.00")).toBe(rules.maxBalance); // a full balance, as the API sends it
    expect(usdt("9007199254.740991")).toBe(Number.MAX_SAFE_INTEGER); // a refund may pass the limit
    expect(Object.is(usdt("-0"), 0)).toBe(true);
    for (const bad of ["1.0000001", "9007199254.740992", "abc", ""]) expect(() => usdt(bad)).toThrow();
  });

  test("amounts the API sent compare as integers, so 0.1 + 0.2 style float errors cannot happen", () => {
    expect(usdt("0.10") + usdt("0.20")).toBe(usdt("0.30"));
    expect(usdt("9.99") < usdt("10.00")).toBe(true);
  });
});

describe("the API's text", () => {
  test("at least two decimals and no float on the way", () => {
    expect(formatUsdt(0)).toBe("0.00");
    expect(formatUsdt(200_000)).toBe("0.20");
    expect(formatUsdt(10_000_000)).toBe("10.00");
    expect(formatUsdt(1_234_567)).toBe("1.234567");
    expect(formatUsdt(-1_500_000)).toBe("-1.50");
  });

  test("a sum past 2^53 (the ledger check's total) keeps every digit as a BigInt", () => {
    expect(formatUsdt(BigInt("9007199254740993123"))).toBe("9007199254740.993123");
    expect(formatUsdt(-12_340_000n)).toBe("-12.34");
    fc.assert(fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (micro) => expect(formatUsdt(BigInt(micro))).toBe(formatUsdt(micro))));
  });

  test("format and exact parse round-trip every amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (micro) => {
        expect(usdt(formatUsdt(micro))).toBe(micro);
      }),
    );
  });
});

describe("the screens' text", () => {
  test("empty or non-numeric input reads 0.00", () => {
    for (const value of [null, undefined, "", "  ", "abc", "1.2.3", ".", "-", "1e5", "NaN"]) expect(displayUsdt(value)).toBe("0.00");
  });

  test("rounds to two decimals and strips trailing zeros", () => {
    expect(displayUsdt("10.00")).toBe("10");
    expect(displayUsdt("0.20")).toBe("0.2");
    expect(displayUsdt("12.50")).toBe("12.5");
    expect(displayUsdt("0.25")).toBe("0.25");
    expect(displayUsdt("0.005")).toBe("0.01");
    expect(displayUsdt("0.004999")).toBe("0");
    expect(displayUsdt("1.995")).toBe("2");
    expect(displayUsdt("123456789012345678.994")).toBe("123456789012345678.99");
    expect(displayUsdt(".5")).toBe("0.5");
  });

  test("keeps the sign of negative amounts", () => {
    expect(displayUsdt("-1.50")).toBe("-1.5");
    expect(displayUsdt("-0.001")).toBe("0");
  });
});
