import { expect, test } from "bun:test";
import { numberWords, usdtWords } from "./amount-words.ts";

test("whole numbers in words", () => {
  expect(numberWords(0)).toBe("zero");
  expect(numberWords(15)).toBe("fifteen");
  expect(numberWords(40)).toBe("forty");
  expect(numberWords(101)).toBe("one hundred one");
  expect(numberWords(1250)).toBe("one thousand two hundred fifty");
  expect(numberWords(100_000)).toBe("one hundred thousand");
  expect(numberWords(1_000_000_000)).toBe("one billion");
  expect(numberWords(2_000_073)).toBe("two million seventy-three");
});

test("amounts in words, cents included, sign left to the sentence around it", () => {
  expect(usdtWords("250")).toBe("two hundred fifty USDT");
  expect(usdtWords("12.50")).toBe("twelve USDT and 50 cents");
  expect(usdtWords("-0.01")).toBe("zero USDT and 1 cent");
});
