import { expect, test } from "bun:test";
import { heldTone, usdtTotal } from "./amounts.ts";

test("a report's total adds exactly and shows as money does", () => {
  expect(usdtTotal([{ amount: "0.10" }, { amount: "0.20" }])).toBe("0.3");
  expect(usdtTotal([{ amount: "30.30" }, { amount: "0.000001" }])).toBe("30.3");
  expect(usdtTotal([])).toBe("0");
});

test("only money actually held stands out", () => {
  expect(heldTone("0.00")).toBe("neutral");
  expect(heldTone("0.20")).toBe("warning");
});
