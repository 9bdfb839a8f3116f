// npm run bench:telegram: the bot against a fake Bot API that answers after 40 ms and enforces a
// rate (429 with retry_after beyond it), counting what each chat received:
//   1. the sustained broadcast rate as a share of the configured one: 30/s on SQLite, and 30/s and
//      1 000/s (BROADCAST_PAID) with two instances on PostgreSQL, with duplicates and losses;
//   2. the time to queue and to send a 100 000-user broadcast (PostgreSQL, two instances, 1 000/s);
//   3. the time for a burst of 1 000 /start (with referral codes) to be answered (SQLite);
//   4. notices: 500 withdrawal approvals with a 60 s Bot API outage in the middle, then every
//      notice delivered exactly once (SQLite).
// The fake of the rate measurements runs in a process of its own (telegram-fake.ts), so the
// senders' stalls never bunch the arrivals it counts. Prints the figures; drops its PostgreSQL
// databases at the end. `--quick` runs smaller sizes.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createConfig, type Config } from "@/config/env.ts";
import { migratePg, openPg } from "@/db/pg/client.ts";
import { pgStore } from "@/db/pg/store/index.ts";
import { migrateDb, openDb } from "@/db/sqlite/client.ts";
import { sqliteStore } from "@/db/sqlite/store/index.ts";
import { addAdmin } from "@/domain/admins.ts";
import { adjustBalance } from "@/domain/admin-users.ts";
import { baseDeps } from "@/domain/base-deps.ts";
import { queueBroadcast } from "@/domain/broadcast.ts";
import { noticeCounts } from "@/domain/notices.ts";
import { defaultSettings } from "@/domain/settings.ts";
import { fixedSettings } from "@/domain/settings-source.ts";
import type { Store } from "@/domain/store.ts";
import { getUser } from "@/domain/users.ts";
import { setWallet } from "@/domain/wallet.ts";
import { approveWithdrawal, requestWithdrawal } from "@/domain/withdrawals.ts";
import { startBot } from "@/bot/run.ts";
import { startSender } from "@/bot/sender.ts";
import { botApi } from "@/bot/telegram-api.ts";
import { startFakeTelegram, type FakeTelegram } from "../support/fake-telegram.ts";
import pino from "pino";
import { createLog } from "@/observe/log.ts";
import { openBenchServer } from "./pg-bench-db.ts";

const steps = ["sqlite30", "pg30", "pg1000", "start", "notices"] as const;
const { values: args } = parseArgs({ options: { quick: { type: "boolean", default: false }, only: { type: "string", multiple: true } } });
const quick = args.quick;
/** `--only pg1000 --only start`: those steps alone. */
const runs = (step: (typeof steps)[number]) => !args.only?.length || args.only.includes(step);
// The senders' warnings and errors (a 429, a grant that failed) go to stderr.
const log = createLog({ level: "warn", destination: pino.destination(2) });
const token = "123456:bench-telegram-token";
const answerMs = 40;
const clock = () => new Date();
const pg = await openBenchServer();
process.on("SIGINT", () => void pg.dropAll().finally(() => process.exit(130)));

/** `url`: PostgreSQL's, for an instance in a process of its own. */
type Engine = { store: Store; another: () => Promise<Store>; exec: (sql: string) => Promise<unknown>; close: () => Promise<void>; url?: string };

function sqliteEngine(): Engine {
  const file = join(mkdtempSync(join(tmpdir(), "refbot-bench-tg-")), "refbot.sqlite");
  const db = openDb(file);
  migrateDb(db);
  return { store: sqliteStore(db), another: async () => sqliteStore(openDb(file)), exec: async (sql) => db.$client.run(sql), close: async () => db.$client.close() };
}

async function pgEngine(purpose: string): Promise<Engine> {
  const { url } = await pg.create(purpose);
  await migratePg(url);
  const stores: Awaited<ReturnType<typeof pgStore>>[] = [];
  const open = async () => {
    const store = await pgStore(openPg(url, { max: 8 }));
    stores.push(store);
    return store;
  };
  const admin = openPg(url, { max: 1 });
  return { url, store: await open(), another: open, exec: (sql) => admin.$client.unsafe(sql), close: async () => {
    for (const s of stores) await s.close();
    await admin.$client.close();
  } };
}

/** `n` users with Telegram ids from `first`, in one statement (the syntax both engines take). */
async function addUsers(e: Engine, n: number, first: number, pgDates: boolean) {
  const created = pgDates ? "now()" : String(Date.now());
  await e.exec(`
    insert into users (tg_id, first_name, ref_code, created_at)
    with recursive seq(i) as (select 1 union all select i + 1 from seq where i < ${n})
    select ${first} + i, 'User ' || i, 'B' || (${first} + i), ${created} from seq`);
}

const deps = (store: Store, env: Record<string, string>) => {
  const config = createConfig(env);
  return { store, clock, config, settings: fixedSettings(defaultSettings(config)) };
};

type RateFigures = { rate: number; instances: number; users: number; queueSeconds: number; sendSeconds: number; share: number; duplicates: number; lost: number; tooMany: number };

/** Queues one broadcast to `users` users and sends it with `instances` senders at `rate`; counts at the fake. */
async function broadcastAt(e: Engine, { rate, paid, instances, users, pgDates }: { rate: number; paid: boolean; instances: number; users: number; pgDates: boolean }): Promise<RateFigures> {
  const fake = Bun.spawn([process.execPath, "run", join(import.meta.dir, "telegram-fake.ts")], {
    env: { ...process.env, FAKE_OPTIONS: JSON.stringify({ delayMs: answerMs, rate: 30, paidRate: 1000 }) },
    stdout: "pipe",
    stderr: "inherit",
  });
  const { value } = await new Response(fake.stdout).body!.getReader().read();
  const tg = JSON.parse(new TextDecoder().decode(value).split("\n")[0]!) as { apiRoot: string; stats: string };
  const delivered = async () => ((await (await fetch(`${tg.stats}?count`)).json()) as { delivered: number }).delivered;
  await addUsers(e, users, 40_000_000, pgDates);
  const env = { BROADCAST_RATE: String(rate), BROADCAST_PAID: String(paid) };
  const admin = await addAdmin(baseDeps(e.store, createConfig({}), clock), `bench${Date.now()}@refbot.test`, "bench-password-long-enough", "owner");
  // This process is one instance; each other runs in a process of its own (telegram-instance.ts),
  // with its own connections, as a second server would.
  const others = Array.from({ length: instances - 1 }, () =>
    Bun.spawn([process.execPath, "run", join(import.meta.dir, "telegram-instance.ts")], {
      env: { ...process.env, ...env, BENCH_PG_URL: e.url!, TELEGRAM_API_ROOT: tg.apiRoot },
      stdout: "pipe",
      stderr: "inherit",
    }),
  );
  for (const other of others) await new Response(other.stdout).body!.getReader().read();
  const queued = performance.now();
  await queueBroadcast(deps(e.store, env), admin.id, "Bench broadcast");
  const queueSeconds = (performance.now() - queued) / 1000;
  const senders = [startSender(deps(e.store, env), botApi(token, { apiRoot: tg.apiRoot, timeoutSeconds: 10 }), { leaseMs: 30_000, idleMs: 50, log })];
  const started = performance.now();
  let last = 0;
  let lastChange = Date.now();
  for (let now = await delivered(); now < users && Date.now() - lastChange < 20_000; now = await delivered()) {
    await Bun.sleep(200);
    if (now !== last) (last = now), (lastChange = Date.now());
  }
  const sendSeconds = (performance.now() - started) / 1000;
  await Promise.all(senders.map((s) => s.stop()));
  for (const other of others) other.kill("SIGTERM");
  await Promise.all(others.map((other) => other.exited));
  const counted = (await (await fetch(tg.stats)).json()) as { times: number[]; perChat: [number, number][]; rateLimited: number };
  fake.kill("SIGTERM");
  await fake.exited;
  const times = counted.times.sort((a, b) => a - b);
  // Sustained: from the first message to the last, what the fleet sent per second of the rate.
  const span = (times.at(-1)! - times[0]!) / 1000;
  const share = (times.length - 1) / span / rate;
  const duplicates = counted.perChat.reduce((sum, [, n]) => sum + n - 1, 0);
  return { rate, instances, users, queueSeconds, sendSeconds, share, duplicates, lost: users - counted.perChat.length, tooMany: counted.rateLimited };
}

const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};
const pct = (share: number) => `${(share * 100).toFixed(1)} %`;
const rateLine = (engine: string, f: RateFigures) =>
  say(`${engine}, ${f.instances} instance${f.instances > 1 ? "s" : ""}, ${f.rate}/s, ${f.users} users: sustained ${pct(f.share)} of the rate, sent in ${f.sendSeconds.toFixed(1)} s (queued in ${f.queueSeconds.toFixed(2)} s), duplicates ${f.duplicates}, lost ${f.lost}, 429s ${f.tooMany}`);

try {
  // 1. Sustained rate.
  if (runs("sqlite30")) {
    const e = sqliteEngine();
    rateLine("SQLite", await broadcastAt(e, { rate: 30, paid: false, instances: 1, users: quick ? 300 : 900, pgDates: false }));
    await e.close();
  }
  if (runs("pg30")) {
    const e = await pgEngine("tg30");
    rateLine("PostgreSQL", await broadcastAt(e, { rate: 30, paid: false, instances: 2, users: quick ? 300 : 900, pgDates: true }));
    await e.close();
  }
  // 2. 1 000/s, and the 100 000-user broadcast.
  if (runs("pg1000")) {
    const e = await pgEngine("tg1000");
    rateLine("PostgreSQL", await broadcastAt(e, { rate: 1000, paid: true, instances: 2, users: quick ? 10_000 : 100_000, pgDates: true }));
    await e.close();
  }
  // 3. A burst of 1 000 /start.
  if (runs("start")) {
    const e = sqliteEngine();
    // Replies are not held to the 30/s of bulk messages (Telegram's Bot FAQ): the fake answers after
    // 40 ms and limits only the senders' traffic, which this burst has none of.
    const tg = startFakeTelegram(undefined, { delayMs: answerMs });
    const config: Config = createConfig({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, BROADCAST_INTERVAL: "0" });
    const d = baseDeps(e.store, config, clock);
    await d.settings.refresh();
    await addUsers(e, 20, 30_000_000, false);
    const newcomers = Array.from({ length: 1000 }, (_, i) => 31_000_000 + i);
    newcomers.forEach((tgId, i) => tg.message(tgId, `/start B${30_000_000 + 1 + (i % 20)}`));
    const started = performance.now();
    const runtime = startBot(d, { backoff: { firstMs: 200, capMs: 400 } });
    const deadline = Date.now() + 300_000;
    while (!newcomers.every((tgId) => tg.delivered(tgId).length > 0) && Date.now() < deadline) await Bun.sleep(100);
    const answered = newcomers.filter((tgId) => tg.delivered(tgId).length > 0).length;
    const seconds = (performance.now() - started) / 1000;
    await runtime.stop();
    say(`SQLite, 1 000 /start with referral codes: ${answered} answered in ${seconds.toFixed(1)} s (the fake answering each after ${answerMs} ms)`);
    tg.stop();
    await e.close();
  }
  // 4. Notices across a 60 s outage in the middle of 500 admin actions.
  if (runs("notices")) {
    const e = sqliteEngine();
    const tg = startFakeTelegram(undefined, { delayMs: answerMs, rate: 30 });
    const config = createConfig({});
    const d = baseDeps(e.store, config, clock);
    await d.settings.refresh();
    const admin = await addAdmin(d, "notices@refbot.test", "bench-password-long-enough", "owner");
    const n = quick ? 100 : 500;
    await addUsers(e, n, 50_000_000, false);
    const requests: number[] = [];
    for (let i = 1; i <= n; i++) {
      await adjustBalance(d, admin.id, i, "20", "bench");
      const user = await setWallet(d, await getUser(d, i), `0x${(0xbe0000 + i).toString(16).padStart(40, "0")}`);
      requests.push((await requestWithdrawal(d, user, "10")).id);
    }
    const sender = startSender(d, botApi(token, { apiRoot: tg.apiRoot, timeoutSeconds: 2 }), { leaseMs: 7_000, idleMs: 50, backoff: { firstMs: 1000, capMs: 5000 } });
    const outageSeconds = quick ? 10 : 60;
    // The actions spread over the outage: half before it, half during it.
    const gapMs = (outageSeconds * 1000) / (n / 2);
    let outageEnded = 0;
    for (const [i, id] of requests.entries()) {
      if (i === n / 2) {
        tg.goDown("down");
        setTimeout(() => {
          tg.comeBack();
          outageEnded = performance.now();
        }, outageSeconds * 1000);
      }
      await approveWithdrawal(d, admin.id, id);
      if (i >= n / 2) await Bun.sleep(gapMs);
    }
    while (!outageEnded) await Bun.sleep(100);
    const deadline = Date.now() + 300_000;
    while (tg.delivered().length < n && Date.now() < deadline) await Bun.sleep(100);
    const afterSeconds = (performance.now() - outageEnded) / 1000;
    await Bun.sleep(1000);
    await sender.stop();
    const perChat = tg.perChat();
    const duplicates = [...perChat.values()].reduce((sum, k) => sum + k - 1, 0);
    const counts = await noticeCounts(d);
    say(`SQLite, ${n} approvals with a ${outageSeconds} s outage in the middle: ${perChat.size} of ${n} notices delivered, duplicates ${duplicates}, lost ${n - perChat.size}, the last ${afterSeconds.toFixed(1)} s after Telegram came back (${JSON.stringify(counts)})`);
    tg.stop();
    await e.close();
  }
} finally {
  await pg.dropAll();
}
console.log(`\n${lines.join("\n")}`);
process.exit(0);
