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

describe("clock skew and text Telegram sends", () => {
  const nowSeconds = now.getTime() / 1000;

  test("data up to a minute ahead of the server is accepted; further ahead is refused as dated in the future", () => {
    expect(verifyInitData(signInitData({ user, authDate: nowSeconds + 30 }, key), key, 3600, now).user.id).toBe(42);
    expect(verifyInitData(signInitData({ user, authDate: nowSeconds + 60 }, key), key, 3600, now).user.id).toBe(42);
    expect(() => verifyInitData(signInitData({ user, authDate: nowSeconds + 120 }, key), key, 3600, now)).toThrow(
      "This link is dated in the future: check the date and time on your device, then reopen the app from the bot",
    );
  });

  test("the remembering verifier refuses data from the future too, and accepts it once its time has come", () => {
    const verify = createInitDataVerifier(key, 3600);
    const raw = signInitData({ user, authDate: nowSeconds + 120 }, key);
    expect(() => verify(raw, now)).toThrow("This link is dated in the future");
    expect(verify(raw, new Date(now.getTime() + 90_000)).user.id).toBe(42);
    // Remembered now; a server clock moved back is refused again, not answered from memory.
    expect(() => verify(raw, now)).toThrow("This link is dated in the future");
  });

  test("control characters are taken out of every text field and the start parameter, as signed", () => {
    const raw = signInitData({ user: { id: 7, first_name: "A\u0000nn", last_name: "L\u001bee", username: "a\u0000nn", language_code: "r\u0000u" }, startParam: "\u0000CODE", authDate }, key);
    expect(verifyInitData(raw, key, 3600, now)).toMatchObject({
      user: { id: 7, first_name: "Ann", last_name: "Lee", username: "ann", language_code: "ru" },
      startParam: "CODE",
    });
  });
});
