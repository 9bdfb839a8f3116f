// The broadcast queue on both engines, as several server instances and cron drive it at once:
// flush loops on two Stores (two instances) send each delivery exactly once; with a pace, one
// batch per interval starts across all of them and its messages go out the gap apart; a flush
// that died loses its lease to the next one; an outage puts the batch back with no try used up;
// queuing is one statement whatever the number of users. Time is a virtual clock throughout.
import { expect } from "bun:test";
import { GrammyError, HttpError, type Api } from "grammy";
import { createConfig } from "@/config/env.ts";
import { defaultSettings } from "@/domain/settings.ts";
import { fixedSettings } from "@/domain/settings-source.ts";
import { flushBroadcasts, type FlushOptions } from "@/bot/broadcast-flush.ts";
import { broadcastScheduler } from "@/bot/broadcast-scheduler.ts";
import { broadcastAudience, claimBatch, listBroadcasts, queueBroadcast, releaseClaim, settleDelivery, type FlushReport } from "@/domain/broadcast.ts";
import { cancelBroadcast, whyNotSend } from "@/domain/broadcast-stop.ts";
import { rules } from "@/domain/rules.ts";
import type { Statements, Store } from "@/domain/store.ts";
import { forEachEngine, type EngineFixture } from "./support/engines.ts";
import { until } from "./support/until.ts";

const start = new Date("2026-03-10T12:00:00Z").getTime();
const intervalSeconds = 300;
const gapMs = 100;
const config = createConfig({ BROADCAST_BATCH: "4", BROADCAST_GAP_MS: String(gapMs), BROADCAST_INTERVAL: String(intervalSeconds) });

/**
 * Virtual time for flush loops running together. A loop that sleeps waits until every loop
 * sleeps; then the clock moves to the earliest wake-up and every loop due then wakes at once, so
 * loops meet at the same instant as servers do, and a 5-minute pace costs no real time.
 */
function virtualTime() {
  let now = start;
  let sleepers: { at: number; wake: () => void }[] = [];
  return {
    now: () => now,
    clock: () => new Date(now),
    set: (ms: number) => void (now = ms),
    sleep: (ms: number) => new Promise<void>((wake) => void sleepers.push({ at: now + Math.max(ms, 0), wake })),
    async run(loops: Promise<unknown>[]) {
      let live = loops.length;
      let failed = false;
      const all = Promise.all(loops.map((l) => l.finally(() => live--))).catch((error) => {
        failed = true;
        throw error;
      });
      while (live > 0 && !failed) {
        await Bun.sleep(1);
        if (sleepers.length === 0 || sleepers.length < live) continue;
        now = Math.max(now, Math.min(...sleepers.map((s) => s.at)));
        const due = sleepers.filter((s) => s.at <= now);
        sleepers = sleepers.filter((s) => s.at > now);
        for (const s of due) s.wake();
      }
      await all;
    },
  };
}

type Sent = { chatId: number; text: string; at: number };

/**
 * A Bot API that records each message with the virtual time it went out, or fails as told. The
 * failure rule runs while the message is on its way, so it may also act (cancel) meanwhile.
 */
function fakeTelegram(now: () => number) {
  const sent: Sent[] = [];
  let failure: ((chatId: number, text: string) => Error | undefined | Promise<Error | undefined>) | undefined;
  const api = {
    async sendMessage(chatId: number, text: string) {
      await Bun.sleep(1); // a network round trip, so flushes on other Stores get in between
      const error = await failure?.(chatId, text);
      if (error) throw error;
      sent.push({ chatId, text, at: now() });
      return {};
    },
  } as unknown as Api;
  return { api, sent, failWith: (f: typeof failure) => void (failure = f) };
}

const outage = () => new HttpError("Network request for 'sendMessage' failed!", new Error("connect ECONNREFUSED"));
/** What Telegram answers a text its Markdown parser refuses. */
const unparsable = () =>
  new GrammyError(
    "Call to 'sendMessage' failed!",
    { ok: false, error_code: 400, description: "Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 9" },
    "sendMessage",
    {},
  );
const rateLimit = () =>
  new GrammyError("Call to 'sendMessage' failed!", { ok: false, error_code: 429, description: "Too Many Requests: retry after 7", parameters: { retry_after: 7 } }, "sendMessage", {});

/** An instance: its Store and the fleet's clock. */
const instance = (store: Store, clock: () => Date) => ({ store, clock, config, settings: fixedSettings(defaultSettings(config)) });

async function usersAndBroadcast(e: EngineFixture, n: number, clock: () => Date) {
  const users = [];
  for (let i = 0; i < n; i++) users.push(await e.addUser());
  const broadcast = await queueBroadcast(instance(e.store, clock), await e.addAdmin(), "Hello from every instance");
  return { users, broadcast };
}

type DeliveryRow = { id: number; userId: number; status: string; attempts: number; claimToken: string | null; claimedAt: number | null; leaseUntil: number | null };
const ms = (v: unknown) => (v == null ? null : new Date(v as string | number | Date).getTime());
async function deliveries(e: EngineFixture): Promise<DeliveryRow[]> {
  const rows = await e.exec("select id, user_id, status, attempts, claim_token, claimed_at, lease_until from broadcast_deliveries order by id");
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    status: String(r.status),
    attempts: Number(r.attempts),
    claimToken: (r.claim_token as string | null) ?? null,
    claimedAt: ms(r.claimed_at),
    leaseUntil: ms(r.lease_until),
  }));
}

/** `n` users made by the database itself, in one statement. */
async function addUsers(e: EngineFixture, n: number) {
  const insert = (createdAt: string) => `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${n})
    insert into users (tg_id, first_name, ref_code, created_at) select 900000000 + i, 'Bulk', 'BULK' || i, ${createdAt} from n`;
  if (e.store.engine === "sqlite") return void (await e.exec(insert(String(start))));
  // Without the triggers: the rank counts' one moves the same few counter rows once per user,
  // which in one transaction slows with every row (minutes for 100 000), and no rank is read here.
  await e.exec("alter table users disable trigger user");
  await e.exec(insert("now()"));
  await e.exec("alter table users enable trigger user");
}

/** Each user got the message exactly once. */
function expectEachOnce(sent: Sent[], users: { tgId: number }[]) {
  expect(sent.map((s) => s.chatId).sort()).toEqual(users.map((u) => u.tgId).sort());
}

/** Flushes until nothing is queued, waiting for other loops' claims and, with a pace, for its turn. */
async function flushLoop(deps: ReturnType<typeof instance>, api: Api, options: FlushOptions, wait: (ms: number) => Promise<void>): Promise<FlushReport[]> {
  const reports: FlushReport[] = [];
  for (;;) {
    const report = await flushBroadcasts(deps, api, options);
    reports.push(report);
    if (report.leftQueued === 0) return reports;
    // As the scheduler does: until the turn it learned, or a moment while other loops send.
    await wait(report.nextBatchAt ? report.nextBatchAt.getTime() - deps.clock().getTime() : 1);
  }
}

/** Counts the broadcast statements each program calls, to show how many one rule needs. */
function counting(store: Store) {
  const calls: string[] = [];
  const spy = (tx: Statements): Statements => ({
    ...tx,
    broadcast: new Proxy(tx.broadcast, { get: (target, name, receiver) => (calls.push(String(name)), Reflect.get(target, name, receiver)) }),
  });
  const counted: Store = { ...store, transaction: (program, options) => store.transaction((tx) => program(spy(tx)), options), read: (program) => store.read((tx) => program(spy(tx))) };
  return { store: counted, calls };
}

await forEachEngine(import.meta.path, (it) => {
  it("queuing reaches every active, non-banned user, and costs the same statements for 1 user or 100 000", async (e) => {
    const clock = () => new Date(start);
    const admin = await e.addAdmin();
    const [kept, banned, gone] = [await e.addUser(), await e.addUser(), await e.addUser()];
    await e.exec(`update users set is_banned = true where id = ${banned.id}`);
    await e.exec(`update users set is_active = false where id = ${gone.id}`);
    const one = counting(e.store);
    const small = await queueBroadcast(instance(one.store, clock), admin, "Only for the reachable");
    expect(small).toMatchObject({ total: 1, sent: 0, failed: 0, pending: 1 });
    expect((await deliveries(e)).map((d) => d.userId)).toEqual([kept.id]);

    await addUsers(e, 100_000);
    const many = counting(e.store);
    const big = await queueBroadcast(instance(many.store, clock), admin, "For all hundred thousand");
    expect(big.total).toBe(100_001);
    const [{ n }] = (await e.exec(`select count(*) as n from broadcast_deliveries where broadcast_id = ${big.id} and status = 'pending'`)) as [{ n: unknown }];
    expect(Number(n)).toBe(100_001);
    expect(many.calls).toEqual(one.calls);
    expect(many.calls.filter((c) => c === "queueToEveryone")).toHaveLength(1);
  }, 120_000);

  it("the list of broadcasts, newest first, pages below an id", async (e) => {
    const admin = await e.addAdmin();
    const deps = instance(e.store, () => new Date(start));
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.unshift((await queueBroadcast(deps, admin, `Broadcast number ${i}`)).id);
    const page = async (limit: number, before?: number) => (await listBroadcasts(deps, limit, before)).map((b) => b.id);
    expect(await page(100)).toEqual(ids);
    expect([await page(2), await page(2, ids[1]), await page(2, ids[3])]).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
    expect(await page(2, ids[4])).toEqual([]);
  });

  it("three flush loops on two instances at once send every delivery exactly once", async (e) => {
    const clock = () => new Date(start);
    const { users, broadcast } = await usersAndBroadcast(e, 40, clock);
    const tg = fakeTelegram(() => start);
    const stores = [e.store, await e.another(), e.store];
    const options = { batchSize: 3, gapMs: 0 };
    const reports = await Promise.all(stores.map((store) => flushLoop(instance(store, clock), tg.api, options, Bun.sleep)));
    expectEachOnce(tg.sent, users);
    // At least two loops sent some: they really ran side by side.
    expect(reports.filter((r) => r.some((x) => x.sent > 0)).length).toBeGreaterThanOrEqual(2);
    expect(reports.flat().every((r) => r.claimed <= 3)).toBe(true);
    expect((await deliveries(e)).every((d) => d.status === "sent" && d.attempts === 1 && d.leaseUntil === null)).toBe(true);
    const [row] = await e.exec(`select sent, failed from broadcasts where id = ${broadcast.id}`);
    expect({ sent: Number(row!.sent), failed: Number(row!.failed) }).toEqual({ sent: 40, failed: 0 });
  }, 30_000);

  it("with a pace, one batch per interval starts across every instance, its messages the gap apart", async (e) => {
    const time = virtualTime();
    const { users } = await usersAndBroadcast(e, 10, time.clock);
    const tg = fakeTelegram(time.now);
    const stores = [e.store, await e.another(), e.store];
    const options = { batchSize: 4, gapMs, intervalSeconds, sleep: time.sleep };
    const loops = stores.map((store) => flushLoop(instance(store, time.clock), tg.api, options, time.sleep));
    await time.run(loops);
    const reports = (await Promise.all(loops)).flat();
    expectEachOnce(tg.sent, users);

    // Three batches (4 + 4 + 2), each begun a full interval after the one before.
    const startOf = new Map((await deliveries(e)).map((d) => [d.claimToken, d.claimedAt!]));
    const starts = [...startOf.values()].sort((a, b) => a - b);
    expect(starts).toEqual([start, start + intervalSeconds * 1000, start + 2 * intervalSeconds * 1000]);
    // Each message at least the gap after the one before it, whichever instance sent it.
    const times = tg.sent.map((s) => s.at).sort((a, b) => a - b);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(gapMs);
    // The loops that met at the same instant were told to wait, and until when.
    const refused = reports.filter((r) => r.stoppedByPace);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    const turns = starts.map((s) => s + intervalSeconds * 1000);
    expect(refused.every((r) => r.claimed === 0 && r.retryAfterSeconds! > 0 && turns.includes(r.nextBatchAt!.getTime()))).toBe(true);
  }, 30_000);

  it("two broadcasts in one batch: a chat's second message waits for a flush a second after its first", async (e) => {
    const time = virtualTime();
    const { users } = await usersAndBroadcast(e, 3, time.clock);
    await queueBroadcast(instance(e.store, time.clock), await e.addAdmin(), "And a second broadcast");
    const tg = fakeTelegram(time.now);
    const flushing = flushLoop(instance(e.store, time.clock), tg.api, { batchSize: 28, gapMs, sleep: time.sleep }, (ms) => time.sleep(Math.max(ms, 250)));
    await time.run([flushing]);
    expect(tg.sent).toHaveLength(2 * users.length);
    for (const u of users) {
      const at = tg.sent.filter((s) => s.chatId === u.tgId).map((s) => s.at);
      expect(at).toHaveLength(2);
      expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(1000);
    }
  });

  it("the turn: refused within the interval and granted at its end; an empty queue uses none; racing takers get one", async (e) => {
    const time = virtualTime();
    const deps = instance(e.store, time.clock);
    const other = instance(await e.another(), time.clock);
    const interval = intervalSeconds * 1000;
    expect(await claimBatch(deps, 4, interval)).toMatchObject({ deliveries: [], waiting: false, nextBatchAt: null });
    await usersAndBroadcast(e, 12, time.clock);

    // Nothing went out, so the turn is still free: a message queued now goes at once.
    const first = await claimBatch(deps, 4, interval);
    expect(first).toMatchObject({ waiting: false, nextBatchAt: new Date(start + interval) });
    expect(first.deliveries).toHaveLength(4);
    time.set(start + interval - 1);
    expect(await claimBatch(other, 4, interval)).toMatchObject({ deliveries: [], waiting: true, nextBatchAt: new Date(start + interval) });

    // Six flushes on two instances ask at the very moment the turn comes: one of them gets it.
    time.set(start + interval);
    const racing = await Promise.all(Array.from({ length: 6 }, (_, i) => claimBatch(i % 2 ? other : deps, 4, interval)));
    expect(racing.filter((c) => !c.waiting)).toHaveLength(1);
    expect(racing.flatMap((c) => c.deliveries)).toHaveLength(4);
    expect(racing.filter((c) => c.waiting).every((c) => c.nextBatchAt!.getTime() === start + 2 * interval)).toBe(true);
  }, 30_000);

  it("two servers' schedulers on a 1 s interval, in real time: each batch a second after the last, every delivery once", async (e) => {
    const clock = () => new Date();
    const { users } = await usersAndBroadcast(e, 6, clock);
    const tg = fakeTelegram(Date.now);
    const paced = { ...config, broadcast: { ...config.broadcast, batchSize: 2, gapMs: 0, intervalSeconds: 1 } };
    const servers = [e.store, await e.another()].map((store) => broadcastScheduler({ store, clock, settings: fixedSettings(defaultSettings(paced)) }, tg.api));
    try {
      await until("every delivery sent", () => tg.sent.length === users.length, 10_000);
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
    expectEachOnce(tg.sent, users);
    const starts = [...new Map((await deliveries(e)).map((d) => [d.claimToken, d.claimedAt!])).values()].sort((a, b) => a - b);
    expect(starts).toHaveLength(3);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(1000);
  }, 30_000);

  it("a flush that died loses its lease to the next one; the live flushes send the rest once, the dead one can settle nothing", async (e) => {
    const time = virtualTime();
    const { users } = await usersAndBroadcast(e, 12, time.clock);
    const second = await e.another();
    const dead = await claimBatch(instance(second, time.clock), 3);
    expect((await deliveries(e)).filter((d) => d.claimToken === dead.token).map((d) => d.leaseUntil)).toEqual(Array(3).fill(start + rules.deliveryLeaseMs));

    const tg = fakeTelegram(time.now);
    const live = [instance(e.store, time.clock), instance(second, time.clock)];
    // Both flush until only the dead flush's three are left, which they never touch.
    const drain = async (deps: (typeof live)[number]) => {
      for (;;) {
        const report = await flushBroadcasts(deps, tg.api, { batchSize: 2, gapMs: 0 });
        if (report.claimed === 0 && report.leftQueued === 3) return;
        await Bun.sleep(1);
      }
    };
    await Promise.all(live.map(drain));
    expect(tg.sent).toHaveLength(9);
    expect(tg.sent.map((s) => s.chatId)).not.toContain(dead.deliveries[0]!.tgId);

    time.set(start + rules.deliveryLeaseMs - 1);
    expect(await flushBroadcasts(live[0]!, tg.api, { batchSize: 2, gapMs: 0 })).toMatchObject({ claimed: 0, leftQueued: 3 });
    time.set(start + rules.deliveryLeaseMs + 1);
    const taken = await Promise.all(live.map((deps) => flushBroadcasts(deps, tg.api, { batchSize: 2, gapMs: 0 })));
    expect(taken.reduce((n, r) => n + r.sent, 0)).toBe(3);
    expectEachOnce(tg.sent, users);

    // The dead flush wakes up: what it held is no longer its own.
    expect(await settleDelivery(instance(e.store, time.clock), dead.deliveries[0]!.id, dead.token, { ok: true })).toBe("unclaimed");
    expect(await releaseClaim(instance(e.store, time.clock), dead.token)).toBe(0);
    expect((await deliveries(e)).every((d) => d.status === "sent" && d.attempts === 1)).toBe(true);
  }, 30_000);

  it("an outage or a 429 puts the batch back with no try used up; afterwards each user gets it once", async (e) => {
    const time = virtualTime();
    const { users } = await usersAndBroadcast(e, 6, time.clock);
    const tg = fakeTelegram(time.now);
    const deps = instance(e.store, time.clock);
    const options = { batchSize: 6, gapMs: 0 };

    tg.failWith(outage);
    const down = await flushBroadcasts(deps, tg.api, options);
    expect(down).toMatchObject({ claimed: 6, sent: 0, stoppedByOutage: true, leftQueued: 6 });
    expect(down.results.every((r) => r.outcome === "not_sent")).toBe(true);
    expect((await deliveries(e)).every((d) => d.status === "pending" && d.attempts === 0 && d.claimToken === null && d.leaseUntil === null)).toBe(true);

    let calls = 0;
    tg.failWith(() => (++calls === 3 ? rateLimit() : undefined));
    const limited = await flushBroadcasts(deps, tg.api, options);
    expect(limited).toMatchObject({ claimed: 6, sent: 2, stoppedByRateLimit: true, retryAfterSeconds: 7, leftQueued: 4 });
    expect((await deliveries(e)).filter((d) => d.status === "pending").every((d) => d.attempts === 0 && d.claimToken === null)).toBe(true);

    tg.failWith(undefined);
    expect(await flushBroadcasts(instance(await e.another(), time.clock), tg.api, options)).toMatchObject({ claimed: 4, sent: 4, leftQueued: 0 });
    expectEachOnce(tg.sent, users);
    expect((await deliveries(e)).every((d) => d.status === "sent" && d.attempts === 1)).toBe(true);
  }, 30_000);

  it("each user gets the text of their language, read with the claim, or the default; the audience counts by language", async (e) => {
    let now = start;
    const clock = () => new Date(now);
    const deps = instance(e.store, clock);
    const admin = await e.addAdmin();
    const users = [];
    // [chosen in the mini app, Telegram's code] for each user; the last two are not reachable.
    const settings = [[null, "ru"], [null, "es-419"], ["ru", "en"], ["en", "ru"], [null, "de"], [null, null], [null, "es"], [null, "ru"]] as const;
    for (const [language, tgLanguage] of settings) {
      const user = await e.addUser();
      await e.exec(`update users set language = ${language ? `'${language}'` : "null"}, tg_language = ${tgLanguage ? `'${tgLanguage}'` : "null"} where id = ${user.id}`);
      users.push(user);
    }
    await e.exec(`update users set is_banned = true where id = ${users[6]!.id}`);
    await e.exec(`update users set is_active = false where id = ${users[7]!.id}`);

    expect(await broadcastAudience(deps)).toMatchObject({ total: 6, byLanguage: { en: 3, ru: 2, es: 1 } });
    const broadcast = await queueBroadcast(deps, admin, "Hello *everyone*", { ru: "  Привет *всем*  ", es: "Hola a *todos*" });
    expect(broadcast).toMatchObject({ total: 6, texts: { ru: "Привет *всем*", es: "Hola a *todos*" } });
    const tg = fakeTelegram(() => start);
    expect(await flushBroadcasts(deps, tg.api, { batchSize: 10, gapMs: 0 })).toMatchObject({ claimed: 6, sent: 6 });
    const textOf = new Map(tg.sent.map((s) => [s.chatId, s.text]));
    expect(users.slice(0, 6).map((u) => textOf.get(u.tgId))).toEqual(["Привет *всем*", "Hola a *todos*", "Привет *всем*", "Hello *everyone*", "Hello *everyone*", "Hello *everyone*"]);

    // Without translations every user gets the default, and none is stored. Flushed two seconds
    // later: a chat gets no two messages within a second.
    const plain = await queueBroadcast(deps, admin, "Only the default", { ru: "   " });
    expect(plain.texts).toEqual({});
    now += 2_000;
    await flushBroadcasts(deps, tg.api, { batchSize: 10, gapMs: 0 });
    expect(tg.sent.slice(6).map((s) => s.text)).toEqual(Array(6).fill("Only the default"));
  }, 30_000);

  it("a text Telegram refuses stops its broadcast at the first refusal, the rest failing with the reason; the next broadcast goes out in the next flushes", async (e) => {
    const deps = instance(e.store, () => new Date(start));
    const admin = await e.addAdmin();
    const users = [];
    for (let i = 0; i < 5; i++) users.push(await e.addUser());
    // A text the server's check passes but Telegram refuses (as it would one queued before the check).
    const bad = await queueBroadcast(deps, admin, "Refused: Telegram cannot parse this one");
    const good = await queueBroadcast(deps, admin, "*Good* news for everyone");
    const tg = fakeTelegram(() => start);
    let refusals = 0;
    tg.failWith((_, text) => (text.startsWith("Refused") ? (refusals++, unparsable()) : undefined));
    const options = { batchSize: 4, gapMs: 0 };

    const first = await flushBroadcasts(deps, tg.api, options);
    const reason = "Telegram refused the text: Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 9";
    expect(first).toMatchObject({ claimed: 4, sent: 0, failed: 1, retried: 0, stoppedBroadcasts: [{ broadcastId: bad.id, reason, failed: 4 }], leftQueued: 5 });
    expect(first.results.map((r) => [r.outcome, r.error])).toEqual([["failed", expect.stringContaining("can't parse entities")], ...Array(3).fill(["stopped", reason])]);
    // Two more flushes of four deliver the good broadcast to all five; Telegram saw the bad text once.
    const next = [await flushBroadcasts(deps, tg.api, options), await flushBroadcasts(deps, tg.api, options)];
    expect(next.map((r) => [r.claimed, r.sent, r.leftQueued])).toEqual([[4, 4, 1], [1, 1, 0]]);
    expectEachOnce(tg.sent, users);
    expect(tg.sent.every((s) => s.text === good.message)).toBe(true);
    expect(refusals).toBe(1);

    const [goodNow, badNow] = await listBroadcasts(deps, 2);
    expect(badNow).toMatchObject({ id: bad.id, total: 5, sent: 0, failed: 5, pending: 0, etaSeconds: 0, stoppedAt: new Date(start), stopReason: reason });
    expect(goodNow).toMatchObject({ id: good.id, total: 5, sent: 5, failed: 0, pending: 0, stoppedAt: null, stopReason: null });
    const rows = await e.exec(`select status, last_error from broadcast_deliveries where broadcast_id = ${bad.id} order by id`);
    expect(rows.map((r) => [r.status, r.last_error])).toEqual([["failed", reason.replace("Telegram refused the text: ", "")], ...Array(4).fill(["failed", reason])]);
  }, 30_000);

  it("a refused text in one language stops the whole broadcast, the other languages' deliveries with it", async (e) => {
    const deps = instance(e.store, () => new Date(start));
    const admin = await e.addAdmin();
    const [en, ru, other] = [await e.addUser(), await e.addUser(), await e.addUser()];
    const broadcast = await queueBroadcast(deps, admin, "Hello everyone", { ru: "Refused: всем привет" });
    // Chosen after queuing, so the deliveries keep the users' order on PostgreSQL too (an update
    // moves a row to the end of the table, and queuing reads the table in its order); a flush
    // reads the language with its claim.
    await e.exec(`update users set language = 'ru' where id = ${ru.id}`);
    const tg = fakeTelegram(() => start);
    tg.failWith((_, text) => (text.startsWith("Refused") ? unparsable() : undefined));
    const report = await flushBroadcasts(deps, tg.api, { batchSize: 10, gapMs: 0 });
    expect(report.results.map((r) => [r.tgId, r.outcome])).toEqual([[en.tgId, "sent"], [ru.tgId, "failed"], [other.tgId, "stopped"]]);
    expect(tg.sent.map((s) => s.chatId)).toEqual([en.tgId]);
    expect((await listBroadcasts(deps, 1))[0]).toMatchObject({ id: broadcast.id, sent: 1, failed: 2, pending: 0, stopReason: expect.stringContaining("can't parse entities") });
  }, 30_000);

  it("a cancel fails what is left; the flush sending at that moment sends no more of it, and the message on its way counts as sent, once", async (e) => {
    let now = start;
    const deps = instance(e.store, () => new Date(now));
    const admin = { id: await e.addAdmin(), email: "ops@refbot.test" };
    const users = [];
    for (let i = 0; i < 6; i++) users.push(await e.addUser());
    const first = await queueBroadcast(deps, admin.id, "The broadcast to cancel");
    const second = await queueBroadcast(deps, admin.id, "The broadcast after it");
    const tg = fakeTelegram(() => start);
    // The cancel commits while the second message is on its way to Telegram.
    let cancelled: unknown;
    tg.failWith(async () => {
      if (tg.sent.length === 1 && !cancelled) cancelled = await cancelBroadcast(deps, admin, first.id);
      return undefined;
    });
    const report = await flushBroadcasts(deps, tg.api, { batchSize: 12, gapMs: 0 });
    expect(cancelled).toMatchObject({ id: first.id, sent: 1, failed: 5, pending: 0, stopReason: "cancelled by ops@refbot.test" });
    // The two users the cancelled broadcast reached get the next one in a flush seconds later.
    expect(report.results.map((r) => r.outcome)).toEqual(["sent", "sent", ...Array(4).fill("stopped"), "not_sent", "not_sent", ...Array(4).fill("sent")]);
    expect(report).toMatchObject({ claimed: 12, sent: 6, failed: 0, leftQueued: 2 });
    now += 2_000;
    expect(await flushBroadcasts(deps, tg.api, { batchSize: 12, gapMs: 0 })).toMatchObject({ claimed: 2, sent: 2, leftQueued: 0 });
    expect(tg.sent.filter((s) => s.text === first.message)).toHaveLength(2);
    expectEachOnce(tg.sent.filter((s) => s.text === second.message), users);

    // What users received is what the counters say, and the rows agree.
    const [secondNow, firstNow] = await listBroadcasts(deps, 2);
    expect(firstNow).toMatchObject({ sent: 2, failed: 4, pending: 0, stoppedAt: new Date(start), stopReason: "cancelled by ops@refbot.test" });
    expect(secondNow).toMatchObject({ sent: 6, failed: 0, pending: 0, stoppedAt: null });
    const rows = await e.exec(`select status, last_error from broadcast_deliveries where broadcast_id = ${first.id} order by id`);
    expect(rows.map((r) => [r.status, r.last_error ?? null])).toEqual([["sent", null], ["sent", null], ...Array(4).fill(["failed", "cancelled by ops@refbot.test"])]);

    // Nothing is left to cancel: a second cancel, a finished broadcast, and no such broadcast.
    await expect(cancelBroadcast(deps, admin, first.id)).rejects.toMatchObject({ code: "INVALID_STATE", message: expect.stringContaining("has already stopped (cancelled by ops@refbot.test)") });
    await expect(cancelBroadcast(deps, admin, second.id)).rejects.toMatchObject({ code: "INVALID_STATE", message: expect.stringContaining("has finished") });
    await expect(cancelBroadcast(deps, admin, second.id + 1000)).rejects.toMatchObject({ code: "NOT_FOUND" });
  }, 30_000);

  it("deliveries a flush holds when the cancel comes are not sent by it, nor settled twice", async (e) => {
    const deps = instance(e.store, () => new Date(start));
    const admin = { id: await e.addAdmin(), email: "ops@refbot.test" };
    const { broadcast } = await usersAndBroadcast(e, 4, () => new Date(start));
    const claim = await claimBatch(deps, 3);
    await cancelBroadcast(deps, admin, broadcast.id);
    const [a, b, c] = claim.deliveries;
    expect(await whyNotSend(deps, a!, claim.token)).toEqual({ stopped: true, reason: "cancelled by ops@refbot.test" });
    expect(await settleDelivery(deps, b!.id, claim.token, { ok: false, error: "Bad Gateway", retry: true })).toBe("unclaimed");
    expect(await settleDelivery(deps, c!.id, claim.token, { ok: false, error: "Forbidden: bot was blocked by the user", retry: false })).toBe("unclaimed");
    expect(await releaseClaim(deps, claim.token)).toBe(0);
    expect((await claimBatch(deps, 10)).deliveries).toEqual([]);
    expect((await listBroadcasts(deps, 1))[0]).toMatchObject({ total: 4, sent: 0, failed: 4, pending: 0 });
    expect((await deliveries(e)).map((d) => d.status)).toEqual(Array(4).fill("failed"));
  }, 30_000);

  it("a cancel racing flush loops on two instances: every message counted once, the sent count what users received", async (e) => {
    const clock = () => new Date(start);
    const deps = instance(e.store, clock);
    const admin = { id: await e.addAdmin(), email: "ops@refbot.test" };
    const { users, broadcast } = await usersAndBroadcast(e, 100, clock);
    const tg = fakeTelegram(() => start);
    let cancel: Promise<unknown> | undefined;
    // Not awaited: the cancel commits among the settles of both loops, wherever it falls.
    tg.failWith(() => void (tg.sent.length >= 10 && (cancel ??= cancelBroadcast(deps, admin, broadcast.id))));
    const stores = [e.store, await e.another()];
    await Promise.all(stores.map((store) => flushLoop(instance(store, clock), tg.api, { batchSize: 3, gapMs: 0 }, Bun.sleep)));
    await cancel;

    const received = tg.sent.map((s) => s.chatId);
    expect(new Set(received).size).toBe(received.length);
    expect(received.every((id) => users.some((u) => u.tgId === id))).toBe(true);
    const [row] = await e.exec(`select sent, failed, stop_reason from broadcasts where id = ${broadcast.id}`);
    const counted = { sent: Number(row!.sent), failed: Number(row!.failed) };
    expect(counted.sent).toBe(received.length);
    expect(counted.sent + counted.failed).toBe(100);
    expect(counted.failed).toBeGreaterThan(50); // the cancel came early: most were never sent
    const statuses = await e.exec(`select status, count(*) as n from broadcast_deliveries group by status order by status`);
    expect(statuses.map((r) => [r.status, Number(r.n)])).toEqual([["failed", counted.failed], ["sent", counted.sent]]);
    expect(row!.stop_reason).toBe("cancelled by ops@refbot.test");
  }, 60_000);
});
