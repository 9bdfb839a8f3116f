import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { createInitDataVerifier, initDataKey, signInitData, verifyInitData } from "./init-data.ts";

const key = initDataKey("123456:TEST-token");
const now = new Date("2026-05-01T00:00:00Z");
const authDate = now.getTime() / 1000 - 60;
const user = { id: 42, first_name: "Ann", username: "ann" };

describe("Telegram init data", () => {
  test("verifies what Telegram signs: HMAC of sorted key=value lines with HMAC('WebAppData', token)", () => {
    // Built by hand, independent of signInitData, to pin the algorithm.
    const fields = { auth_date: String(authDate), query_id: "AAH", user: JSON.stringify(user) };
    const check = Object.entries(fields).sort().map(([k, v]) => `${k}=${v}`).join("\n");
    const secret = createHmac("sha256", "WebAppData").update("123456:TEST-token").digest();
    const hash = createHmac("sha256", secret).update(check).digest("hex");
    const raw = new URLSearchParams({ ...fields, hash }).toString();
    expect(verifyInitData(raw, key, 3600, now).user.id).toBe(42);
  });

  test("round-trips the start parameter", () => {
    const raw = signInitData({ user, startParam: "ABCD2345", authDate }, key);
    expect(verifyInitData(raw, key, 3600, now)).toMatchObject({ startParam: "ABCD2345", authDate });
  });

  test("refuses a changed field, another bot's signature, and old data", () => {
    const raw = signInitData({ user, authDate }, key);
    const tampered = raw.replace("Ann", "Bob");
    expect(() => verifyInitData(tampered, key, 3600, now)).toThrow("This link was not signed by Telegram for this bot: reopen the app from the bot");
    expect(() => verifyInitData(raw, initDataKey("654321:OTHER"), 3600, now)).toThrow("This link was not signed by Telegram for this bot: reopen the app from the bot");
    expect(() => verifyInitData(raw, key, 30, now)).toThrow("This link has expired: reopen the app from the bot");
    expect(() => verifyInitData("user=%7B%7D", key, 3600, now)).toThrow("This link is incomplete: reopen the app from the bot");
  });
});

describe("the remembering verifier", () => {
  test("answers a repeated string from memory but still enforces the age limit", () => {
    const verify = createInitDataVerifier(key, 3600, 2);
    const raw = signInitData({ user, authDate }, key);
    expect(verify(raw, now).user.id).toBe(42);
    expect(verify(raw, now).user.id).toBe(42);
    expect(() => verify(raw, new Date(now.getTime() + 2 * 3600_000))).toThrow("This link has expired: reopen the app from the bot");
    expect(() => verify(raw.replace("Ann", "Bob"), now)).toThrow("This link was not signed by Telegram for this bot: reopen the app from the bot");
  });
});
