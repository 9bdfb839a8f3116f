import { expect, test } from "bun:test";
import { shortenAddress, shortenHash } from "./format.ts";

test("addresses and hashes are shortened as the spec says", () => {
  expect(shortenAddress("0x49920B3481f359fBBd021a152F1Ba9BBA5718063")).toBe("0x4992...8063");
  expect(shortenHash(`0x${"ab".repeat(32)}`, 16)).toBe("0xabababababababa...".slice(0, 16) + "...");
  expect(shortenHash(null, 8)).toBe("");
});
