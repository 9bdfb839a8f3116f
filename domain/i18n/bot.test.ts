import { expect, test } from "bun:test";
import { say } from "./bot.ts";

test("a held referral bonus says for how long, in each language's plural; one paid at once keeps the spec's words", () => {
  const values = { friend: "Ana", bonus: "0.2" };
  expect(say("en", "notice.referral_qualified", { ...values, heldHours: 0 })).toBe("🎉 Your friend Ana qualified! You earned 0.2 USDT.");
  expect(say("en", "notice.referral_qualified", { ...values, heldHours: 72 })).toContain("held for 72 hours");
  expect(say("ru", "notice.referral_qualified", { ...values, heldHours: 72 })).toContain("через 72 часа");
  expect(say("ru", "notice.referral_qualified", { ...values, heldHours: 25 })).toContain("через 25 часов");
  expect(say("es", "notice.referral_qualified", { ...values, heldHours: 1 })).toContain("retenidos 1 hora");
});
