// Updates at a crowd's pace: long polling through grammY's runner handles a burst of /start with
// referral codes completely (each user registered once, each referrer bound once), a reply
// refused with 429 goes again after retry_after, and the webhook answers Telegram before the
// update's handling is done.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { inArray } from "drizzle-orm";
import { createApp } from "@/api/app.ts";
import { startBot, type BotRuntime } from "@/bot/run.ts";
import { referrals, users } from "@/db/sqlite/schema/index.ts";
import { jwtSecret, makeTestApp, type SqliteTestApp } from "./support/app.ts";
import { startFakeTelegram, type FakeTelegram } from "./support/fake-telegram.ts";
import { until } from "./support/until.ts";

const token = "123456:TEST-token";
let tg: FakeTelegram;
let t: SqliteTestApp;
let runtime: BotRuntime | undefined;

afterEach(async () => {
  await runtime?.stop();
  runtime = undefined;
  tg.stop();
});

describe("long polling", () => {
  beforeEach(async () => {
    tg = startFakeTelegram(undefined, { delayMs: 5 });
    // Replies are not held to the fleet's send rate (Telegram's 30/s is for bulk messages): at
    // 30/s the burst would take 33 s.
    t = await makeTestApp({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, BROADCAST_INTERVAL: "0" });
  });

  test("a burst of 1 000 /start with referral codes: every user answered and registered once, every referrer bound once", async () => {
    const referrers: Awaited<ReturnType<SqliteTestApp["makeUser"]>>[] = [];
    for (let i = 0; i < 20; i++) referrers.push(await t.makeUser());
    const newcomers = Array.from({ length: 1000 }, (_, i) => 5_500_000 + i);
    newcomers.forEach((tgId, i) => tg.message(tgId, `/start ${referrers[i % referrers.length]!.refCode}`));
    // Some send /start twice, as an impatient user does: still one registration.
    for (const tgId of newcomers.slice(0, 50)) tg.message(tgId, `/start ${referrers[0]!.refCode}`);
    const started = Date.now();
    runtime = startBot(t.deps, { backoff: { firstMs: 200, capMs: 400 } });
    await until("every newcomer answered", () => newcomers.every((tgId) => tg.sent(tgId).length >= 1), 60_000);
    const took = Date.now() - started;
    expect(took).toBeLessThan(15_000);
    await until("the repeats answered", () => newcomers.slice(0, 50).every((tgId) => tg.sent(tgId).length === 2), 10_000);
    const registered = t.db.select().from(users).where(inArray(users.tgId, newcomers)).all();
    expect(registered.length).toBe(1000);
    const bound = t.db.select().from(referrals).where(inArray(referrals.referredId, registered.map((u) => u.id))).all();
    expect(bound.length).toBe(1000);
    const perReferrer = new Map<number, number>();
    for (const r of bound) perReferrer.set(r.referrerId, (perReferrer.get(r.referrerId) ?? 0) + 1);
    expect([...perReferrer.values()]).toEqual(Array(20).fill(50));
    // The second /start of each impatient user came after the first: a welcome, then a welcome back.
    for (const tgId of newcomers.slice(0, 50)) expect(tg.sent(tgId)[0]!.body.text).not.toBe(tg.sent(tgId)[1]!.body.text);
    console.log(`1 000 /start answered in ${(took / 1000).toFixed(1)} s`);
  }, 90_000);

  test("a reply Telegram answers with 429 goes again after retry_after (auto-retry), once", async () => {
    const tgId = 5_600_001;
    let refusedAt = 0;
    tg.failWhen((c) => {
      if (c.method !== "sendMessage" || Number(c.body.chat_id) !== tgId || refusedAt) return undefined;
      refusedAt = Date.now();
      return { error_code: 429, description: "Too Many Requests: retry after 1", parameters: { retry_after: 1 } };
    });
    tg.message(tgId, "/start");
    runtime = startBot(t.deps, { backoff: { firstMs: 200, capMs: 400 } });
    const [reply] = await until("the reply delivered", () => tg.delivered(tgId).length === 1 && tg.delivered(tgId), 10_000);
    expect(reply!.at! - refusedAt).toBeGreaterThanOrEqual(1000);
    expect(reply!.body.text).toContain(`User${tgId}`);
    await Bun.sleep(300);
    expect(tg.sent(tgId).length).toBe(2);
  }, 30_000);
});

describe("webhook", () => {
  beforeEach(async () => {
    // Telegram's answers to the bot come slowly: a handler that waited on them would hold the webhook.
    tg = startFakeTelegram(undefined, { delayMs: 400 });
    t = await makeTestApp({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, BROADCAST_INTERVAL: "0", WEBHOOK_URL: "https://bot.example.com/telegram/webhook" });
  });

  test("answers Telegram at once and handles the update after", async () => {
    runtime = startBot(t.deps, { backoff: { firstMs: 200, capMs: 400 }, webhookSecret: "kept-secret" });
    const app = createApp(t.deps, { jwtSecret, runtime }).use(runtime.webhook!);
    await until("the webhook set", () => runtime!.botStatus().state === "active", 10_000);
    const update = { update_id: 1, message: { message_id: 1, date: 0, chat: { id: 4401, type: "private" }, from: { id: 4401, is_bot: false, first_name: "Hook" }, text: "/start", entities: [{ type: "bot_command", offset: 0, length: 6 }] } };
    const started = performance.now();
    const res = await app.handle(
      new Request("http://localhost/telegram/webhook", { method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": "kept-secret" }, body: JSON.stringify(update) }),
    );
    const answeredMs = performance.now() - started;
    expect(res.status).toBe(200);
    expect(answeredMs).toBeLessThan(200);
    expect(tg.delivered(4401)).toEqual([]);
    expect((await until("the reply", () => tg.delivered(4401)[0], 10_000)).body.text).toContain("Hook");
  }, 30_000);
});
