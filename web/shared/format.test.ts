import { describe, expect, test } from "bun:test";
import { formatTimeOrDate, shortenAddress, shortenHash } from "./format.ts";

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
