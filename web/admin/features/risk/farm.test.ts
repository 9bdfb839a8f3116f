import { expect, test } from "bun:test";
import { banSummary, farmChoice, farmFact, farmOf } from "./farm.ts";

const listed = [{ id: 11 }, { id: 12 }, { id: 13 }];

test("the ticked accounts are the farm; all of those listed under a longer tree means all of them", () => {
  expect(farmOf(listed, 3, new Set([12, 99]))).toEqual({ ids: [12] });
  expect(farmOf(listed, 3, new Set([11, 12, 13]))).toEqual({ ids: [11, 12, 13] });
  expect(farmOf(listed, 40, new Set([11, 12, 13]))).toEqual({ all: 40 });
  expect(farmOf(listed, 40, new Set([11, 12]))).toEqual({ ids: [11, 12] });
  expect(farmOf([], 40, new Set())).toEqual({ ids: [] });
  expect(farmChoice({ all: 40 })).toBe("all");
  expect(farmChoice({ ids: [12] })).toEqual([12]);
});

test("the confirmation says who is banned", () => {
  expect(farmFact({ ids: [] })).toBe("None selected");
  expect(farmFact({ ids: [12] })).toBe("1 selected account");
  expect(farmFact({ all: 40 })).toBe("All 40");
  expect(banSummary("Ann", { ids: [] })).toBe("1 account will be banned: Ann.");
  expect(banSummary("Ann", { ids: [11, 12] })).toBe("3 accounts will be banned: Ann and 2 referred accounts ticked in the referral tree.");
  expect(banSummary("Ann", { all: 40 })).toBe("41 accounts will be banned: Ann and all 40 referred accounts.");
});
