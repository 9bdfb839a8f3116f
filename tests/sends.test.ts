// The fleet's sends on both engines, against the fake Bot API: the shared bucket across two
// instances, the fleet-wide pause on a 429, the free rate's cap and paid broadcasts, and notices
// about money that survive a 429 and an outage, are dropped when too old, skip users who blocked
// the bot and come in the user's language.
import { afterEach, expect } from "bun:test";
import { createConfig } from "@/config/env.ts";
import { queueBroadcast } from "@/domain/broadcast.ts";
import { claimSends, noticeCounts, queueNotice } from "@/domain/notices.ts";
import { defaultSettings } from "@/domain/settings.ts";
import { fixedSettings } from "@/domain/settings-source.ts";
import type { Store } from "@/domain/store.ts";
import { startSender, type Sender } from "@/bot/sender.ts";
import { botApi } from "@/bot/telegram-api.ts";
import { forEachEngine, type EngineFixture } from "./support/engines.ts";
import { startFakeTelegram, type FakeTelegram, type FakeTelegramOptions } from "./support/fake-telegram.ts";
import { until } from "./support/until.ts";

const token = "123456:TEST-token";
const clock = () => new Date();
const running: { senders: Sender[]; tg?: FakeTelegram } = { senders: [] };

afterEach(async () => {
  await Promise.all(running.senders.map((s) => s.stop()));
  running.senders = [];
  running.tg?.stop();
});

function fake(options: FakeTelegramOptions = {}) {
  running.tg = startFakeTelegram(undefined, options);
  return running.tg;
}

/**
 * One instance's sender on `store`, at `rate` messages a second for the fleet (0: notices only, at
 * Telegram's 30/s); `env` adds to its configuration (BROADCAST_PAID).
 */
function instance(store: Store, tg: FakeTelegram, rate: number, env: Record<string, string> = {}) {
  const config = createConfig({ ...env, BROADCAST_RATE: String(rate) });
  const deps = { store, clock, config, settings: fixedSettings(defaultSettings(config)) };
  const sender = startSender(deps, botApi(token, { apiRoot: tg.apiRoot, timeoutSeconds: 2 }), { leaseMs: 7_000, idleMs: 50, backoff: { firstMs: 300, capMs: 600 } });
  running.senders.push(sender);
  return sender;
}

async function audience(e: EngineFixture, n: number) {
  const users = [];
  for (let i = 0; i < n; i++) users.push(await e.addUser());
  return users;
}

/** The least time between two messages one chat received, over every chat (Infinity when none got two). */
function closestPerChat(tg: FakeTelegram): number {
  const times = new Map<number, number[]>();
  for (const c of tg.delivered()) times.set(Number(c.body.chat_id), [...(times.get(Number(c.body.chat_id)) ?? []), c.at!]);
  let closest = Infinity;
  for (const ts of times.values()) {
    ts.sort((a, b) => a - b);
    for (let i = 1; i < ts.length; i++) closest = Math.min(closest, ts[i]! - ts[i - 1]!);
  }
  return closest;
}

await forEachEngine(import.meta.file, (it) => {
  it("two instances share one rate: no second holds more than the rate and one, every user gets the message once", async (e) => {
    const users = await audience(e, 75);
    const tg = fake({ delayMs: 40 });
    await queueBroadcast({ store: e.store, clock, settings: fixedSettings(defaultSettings(createConfig({}))) }, await e.addAdmin(), "Rate drill");
    const started = Date.now();
    instance(e.store, tg, 30);
    instance(await e.another(), tg, 30);
    await until("every user has the broadcast", () => tg.delivered().length >= users.length, 15_000);
    const took = (Date.now() - started) / 1000;
    expect(tg.busiestSecond()).toBeLessThanOrEqual(31);
    expect([...tg.perChat().values()].every((n) => n === 1)).toBe(true);
    expect(tg.perChat().size).toBe(users.length);
    // 75 messages at 30/s: 2.5 s at the least, so the rate was not exceeded over the whole run. How
    // close a loaded machine comes to the rate is the bench's to say (npm run bench:telegram); here
    // the two instances only have to finish.
    expect(took).toBeGreaterThan(2);
    expect(took).toBeLessThan(10);
  }, 30_000);

  // The fake receives a message some milliseconds after it leaves (as the notices' order test
  // allows, 50 ms of its second): a chat's second is taken in the database before the send.
  it("two broadcasts to a few users from two instances: no chat gets two messages within a second", async (e) => {
    const users = await audience(e, 4);
    const tg = fake({ delayMs: 40 });
    const deps = { store: e.store, clock, settings: fixedSettings(defaultSettings(createConfig({}))) };
    const admin = await e.addAdmin();
    await queueBroadcast(deps, admin, "First of two");
    await queueBroadcast(deps, admin, "Second of two");
    const one = instance(e.store, tg, 30);
    const two = instance(await e.another(), tg, 30);
    await until("every user has both broadcasts", () => tg.delivered().length >= 2 * users.length, 15_000);
    await Bun.sleep(300);
    expect([...tg.perChat().values()]).toEqual(users.map(() => 2));
    expect(one.counts.sent + two.counts.sent).toBe(2 * users.length);
    expect(closestPerChat(tg)).toBeGreaterThanOrEqual(950);
  }, 30_000);

  it("a notice from one instance and a broadcast message from another reach a chat a second apart", async (e) => {
    const users = await audience(e, 4);
    const tg = fake({ delayMs: 40 });
    for (const u of users) await queueNotice({ store: e.store, clock }, { kind: "withdrawal_approved", tgId: u.tgId, amount: "3" });
    const one = instance(e.store, tg, 30);
    await until("every user has the notice", () => tg.delivered().length >= users.length, 10_000);
    // The broadcast comes while the notices' second runs, and a second instance joins: whichever
    // instance takes a delivery, it waits out the chat's second.
    await queueBroadcast({ store: e.store, clock, settings: fixedSettings(defaultSettings(createConfig({}))) }, await e.addAdmin(), "After the notices");
    const two = instance(await e.another(), tg, 30);
    await until("every user has the broadcast too", () => tg.delivered().length >= 2 * users.length, 15_000);
    await Bun.sleep(300);
    expect([...tg.perChat().values()]).toEqual(users.map(() => 2));
    expect(one.counts.sent + two.counts.sent).toBe(2 * users.length);
    expect(closestPerChat(tg)).toBeGreaterThanOrEqual(950);
  }, 30_000);

  it("a 429 pauses the whole fleet for retry_after: neither instance sends until it has passed", async (e) => {
    const users = await audience(e, 12);
    const tg = fake({ delayMs: 10 });
    let refusedAt = 0;
    tg.failWhen((c) => {
      if (c.method !== "sendMessage" || refusedAt) return undefined;
      refusedAt = Date.now();
      return { error_code: 429, description: "Too Many Requests: retry after 2", parameters: { retry_after: 2 } };
    });
    await queueBroadcast({ store: e.store, clock, settings: fixedSettings(defaultSettings(createConfig({}))) }, await e.addAdmin(), "Pause drill");
    instance(e.store, tg, 10);
    instance(await e.another(), tg, 10);
    await until("every user has the broadcast", () => tg.delivered().length >= users.length, 15_000);
    // A grant the other instance had reserved and checked before the pause reached the database
    // may still go (at 10/s, one message a tenth of a second apart): nothing after that.
    const duringPause = tg.sent().filter((c) => c.at! > refusedAt + 300 && c.at! < refusedAt + 2000);
    expect(duringPause).toEqual([]);
    expect([...tg.perChat().values()].every((n) => n === 1)).toBe(true);
    expect(tg.perChat().size).toBe(users.length);
  }, 30_000);

  it("a rate above 30 is held to Telegram's free 30/s, sent without allow_paid_broadcast; BROADCAST_PAID sends with it, past 30/s", async (e) => {
    const users = await audience(e, 60);
    const tg = fake({ delayMs: 10 });
    const deps = { store: e.store, clock, settings: fixedSettings(defaultSettings(createConfig({}))) };
    const admin = await e.addAdmin();
    await queueBroadcast(deps, admin, "Free broadcast");
    await queueNotice({ store: e.store, clock }, { kind: "withdrawal_approved", tgId: users[0]!.tgId, amount: "1" });
    const free = instance(e.store, tg, 100);
    await until("every user has the free broadcast", () => tg.delivered().length >= users.length + 1, 15_000);
    await free.stop();
    expect(tg.busiestSecond()).toBeLessThanOrEqual(31);
    expect(tg.sent().filter((c) => "allow_paid_broadcast" in c.body)).toEqual([]);
    // Every chat's second from the free broadcast runs out before the paid one starts.
    await Bun.sleep(1200);

    const freeCalls = tg.sent().length;
    await queueBroadcast(deps, admin, "Paid broadcast");
    await queueNotice({ store: e.store, clock }, { kind: "withdrawal_approved", tgId: users[1]!.tgId, amount: "2" });
    instance(e.store, tg, 100, { BROADCAST_PAID: "true" });
    await until("every user has the paid broadcast", () => tg.delivered().length >= 2 * (users.length + 1), 15_000);
    const paid = tg.sent().slice(freeCalls);
    expect(paid.length).toBe(users.length + 1);
    // The notice among the paid broadcast is paid for too.
    expect(paid.every((c) => c.body.allow_paid_broadcast === true)).toBe(true);
    // 59 messages at 100/s (97 % of it): well under a second apart at the ends, where 30/s takes
    // two. Less the chat with a notice, whose broadcast message waits out the notice's second.
    const toOthers = paid.filter((c) => Number(c.body.chat_id) !== users[1]!.tgId);
    expect(toOthers.at(-1)!.at! - toOthers[0]!.at!).toBeLessThan(1000);
    expect(closestPerChat(tg)).toBeGreaterThanOrEqual(950);
  }, 30_000);

  it("a notice Telegram answers with 429 waits out retry_after, then reaches the user once, no try counted", async (e) => {
    const [u] = await audience(e, 1);
    const tg = fake({ delayMs: 5 });
    let refusedAt = 0;
    tg.failWhen((c) => {
      if (c.method !== "sendMessage" || refusedAt) return undefined;
      refusedAt = Date.now();
      return { error_code: 429, description: "Too Many Requests: retry after 1", parameters: { retry_after: 1 } };
    });
    await queueNotice({ store: e.store, clock }, { kind: "withdrawal_paid", tgId: u!.tgId, amount: "7", txHash: "0xabc" });
    instance(e.store, tg, 0);
    await until("the notice delivered", () => tg.delivered(u!.tgId).length === 1, 10_000);
    expect(tg.delivered(u!.tgId)[0]!.at! - refusedAt).toBeGreaterThanOrEqual(1000);
    await Bun.sleep(300);
    expect(tg.sent(u!.tgId).length).toBe(2);
    expect(await noticeCounts({ store: e.store })).toEqual({ sent: 1 });
    // The 429 used no try: the send that went is counted as its first.
    expect((await e.exec("select attempts from notices")).map((r) => Number(r.attempts))).toEqual([1]);
  }, 30_000);

  it("a claim takes the waiting notices first, oldest first, and broadcast deliveries fill the rest", async (e) => {
    const users = await audience(e, 4);
    await queueBroadcast({ store: e.store, clock, settings: fixedSettings(defaultSettings(createConfig({}))) }, await e.addAdmin(), "Broadcast after notices");
    for (const u of [users[2]!, users[0]!]) await queueNotice({ store: e.store, clock }, { kind: "withdrawal_approved", tgId: u.tgId, amount: "12.50" });
    const claim = await claimSends({ store: e.store, clock }, { limit: 3, leaseMs: 7_000, broadcasts: true, chatFreeBy: new Date() });
    expect(claim.notices.map((n) => n.tgId)).toEqual([users[2]!.tgId, users[0]!.tgId]);
    expect(claim.deliveries).toHaveLength(1);
  });

  it("notices wait out a Bot API outage and then reach each user once, in the user's language, ahead of a broadcast", async (e) => {
    const [ru, en] = await audience(e, 2);
    await e.exec(`update users set language = 'ru' where id = ${ru!.id}`);
    const others = await audience(e, 20);
    const tg = fake({ delayMs: 5 });
    tg.goDown("5xx");
    await queueBroadcast({ store: e.store, clock, settings: fixedSettings(defaultSettings(createConfig({}))) }, await e.addAdmin(), "Broadcast after notices");
    for (const u of [ru!, en!]) await queueNotice({ store: e.store, clock }, { kind: "withdrawal_approved", tgId: u.tgId, amount: "12.50" });
    instance(e.store, tg, 30);
    await Bun.sleep(800);
    expect(tg.delivered()).toEqual([]);
    // Still waiting, between tries or held by the next one: none failed, none counted sent.
    const waiting = await noticeCounts({ store: e.store });
    expect((waiting.pending ?? 0) + (waiting.sending ?? 0)).toBe(2);
    tg.comeBack();
    await until("everything delivered", () => tg.delivered().length >= 2 + 2 + others.length, 15_000);
    // Each notice reached its user before the broadcast did. (Across chats only the claim's order
    // holds: a grant's sends start at their slots without waiting for one another, so on a loaded
    // machine a broadcast message to another chat may arrive first.)
    const delivered = tg.delivered();
    for (const u of [ru!, en!]) expect(delivered.filter((c) => Number(c.body.chat_id) === u.tgId).map((c) => c.body.text === "Broadcast after notices")).toEqual([false, true]);
    const [ruNotice] = tg.delivered(ru!.tgId);
    const [enNotice] = tg.delivered(en!.tgId);
    expect(enNotice!.body.text).toContain("12.5");
    expect(ruNotice!.body.text).not.toBe(enNotice!.body.text);
    expect(ruNotice!.body.text).toMatch(/[а-я]/);
    await Bun.sleep(300);
    expect(tg.delivered(ru!.tgId).length).toBe(2);
    expect(await noticeCounts({ store: e.store })).toEqual({ sent: 2 });
  }, 30_000);

  it("one user's notices reach them in the order they were queued, a second apart, whichever of two instances sends them", async (e) => {
    const [u, other] = await audience(e, 2);
    const tg = fake({ delayMs: 5 });
    // The user blocks the bot only once the first two notices have gone: sent out of order, the
    // rejection would come first and mark them unreachable, and the others would be skipped.
    tg.failWhen((c) => (c.method === "sendMessage" && String(c.body.text).includes("Spam") ? { error_code: 403, description: "Forbidden: bot was blocked by the user" } : undefined));
    const kinds = [
      { kind: "withdrawal_approved", tgId: u!.tgId, amount: "1" },
      { kind: "withdrawal_paid", tgId: u!.tgId, amount: "1", txHash: `0x${"ab".repeat(32)}` },
      { kind: "withdrawal_approved", tgId: u!.tgId, amount: "2" },
      { kind: "withdrawal_rejected", tgId: u!.tgId, amount: "2", reason: "Spam" },
    ] as const;
    for (const notice of kinds) await queueNotice({ store: e.store, clock }, notice);
    await queueNotice({ store: e.store, clock }, { kind: "withdrawal_approved", tgId: other!.tgId, amount: "3" });
    instance(e.store, tg, 0);
    instance(await e.another(), tg, 0);
    await until("every notice settled", async () => {
      const counts = await noticeCounts({ store: e.store });
      return (counts.sent ?? 0) + (counts.skipped ?? 0) === 5 && !counts.pending && !counts.sending;
    }, 15_000);
    expect(await noticeCounts({ store: e.store })).toEqual({ sent: 4, skipped: 1 });
    const calls = tg.sent(u!.tgId);
    expect(calls.map((c) => String(c.body.text).match(/1[.,]00|2[.,]00/)?.[0].replace(",", "."))).toEqual(["1.00", "1.00", "2.00", "2.00"]);
    expect(String(calls[1]!.body.text)).toContain("ab".repeat(32));
    expect(String(calls[3]!.body.text)).toContain("Spam");
    for (let i = 1; i < calls.length; i++) expect(calls[i]!.at! - calls[i - 1]!.at!).toBeGreaterThanOrEqual(950);
    // The other user's notice did not wait behind theirs.
    expect(tg.sent(other!.tgId)[0]!.at! - calls[0]!.at!).toBeLessThan(500);
  }, 30_000);

  it("a notice older than 24 h is dropped and counted, a blocked user's is skipped, the others are sent", async (e) => {
    const [late, blocked, fresh] = await audience(e, 3);
    await e.exec(`update users set is_active = false where id = ${blocked!.id}`);
    const tg = fake();
    const dayAndAnHourAgo = () => new Date(Date.now() - 25 * 3_600_000);
    await queueNotice({ store: e.store, clock: dayAndAnHourAgo }, { kind: "withdrawal_paid", tgId: late!.tgId, amount: "5", txHash: "0xabc" });
    await queueNotice({ store: e.store, clock }, { kind: "withdrawal_rejected", tgId: blocked!.tgId, amount: "5", reason: "duplicate" });
    await queueNotice({ store: e.store, clock }, { kind: "withdrawal_approved", tgId: fresh!.tgId, amount: "5" });
    const sender = instance(e.store, tg, 0);
    await until("the fresh notice sent", () => tg.delivered(fresh!.tgId).length === 1, 10_000);
    await Bun.sleep(200);
    expect(tg.sent().map((c) => Number(c.body.chat_id))).toEqual([fresh!.tgId]);
    expect(await noticeCounts({ store: e.store })).toEqual({ sent: 1, expired: 1, skipped: 1 });
    expect(sender.counts).toMatchObject({ sent: 1, expired: 1, skipped: 1 });
  }, 30_000);

  it("a user who blocked the bot since the notice was queued is marked unreachable and the notice skipped, not retried", async (e) => {
    const [u] = await audience(e, 1);
    const tg = fake();
    tg.failWhen((c) => (c.method === "sendMessage" ? { error_code: 403, description: "Forbidden: bot was blocked by the user" } : undefined));
    await queueNotice({ store: e.store, clock }, { kind: "withdrawal_approved", tgId: u!.tgId, amount: "5" });
    instance(e.store, tg, 0);
    await until("the notice settled", async () => (await noticeCounts({ store: e.store })).skipped === 1, 10_000);
    await Bun.sleep(300);
    expect(tg.sent().length).toBe(1);
    expect((await e.user(u!.id)).isActive).toBe(false);
  }, 30_000);
});
