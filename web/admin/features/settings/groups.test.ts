import { expect, test } from "bun:test";
import { problemsByField } from "./groups.ts";

test("a refusal's rules go under the fields they name; one naming none stays the form's", () => {
  const keys = ["referralBonus", "referralTarget"];
  expect(problemsByField('referralBonus: must be a decimal number such as "10.50"; referralTarget: must be at least 1', keys)).toEqual({
    fields: { referralBonus: 'must be a decimal number such as "10.50"', referralTarget: "must be at least 1" },
  });
  expect(problemsByField("Your role is admin; settings:write needs owner", keys)).toEqual({ fields: {}, other: "Your role is admin; settings:write needs owner" });
});
