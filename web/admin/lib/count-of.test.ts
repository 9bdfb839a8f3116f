import { expect, test } from "bun:test";
import { countOf } from "./count-of.ts";

test("a count takes its noun in the singular only for one", () => {
  expect(countOf(1, "character")).toBe("1 character");
  expect(countOf(0, "character")).toBe("0 characters");
  expect(countOf(1234, "user")).toBe("1,234 users");
  expect(countOf(2, "person", "people")).toBe("2 people");
});
