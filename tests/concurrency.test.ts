// Real concurrency: several `bun` processes open one SQLite file (WAL, busy timeout) through
// db/sqlite/client.ts and call the domain functions at the same instant. SQLite serialises the writers;
// the rules must still hold: one completion per period, one winner per withdrawal transition,
// at most one open withdrawal, never a negative balance, refunds at most once.
//
// Plus the transaction guarantees the money code relies on: a failure midway through
// inTransaction leaves nothing behind, and an async callback is refused and rolled back.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adjustBalance } from "@/domain/admin-users.ts";
import type { Deps } from "@/domain/context.ts";
import { inTransaction } from "@/db/sqlite/transaction.ts";
import { sqliteStatements } from "@/db/sqlite/store/index.ts";
import { credit, debit } from "@/domain/ledger.ts";
import { checkLedger } from "@/db/sqlite/store/ledger.ts";
import { usdt } from "@/domain/money.ts";
import { runNow } from "@/domain/store.ts";
import { completeTask, createTask } from "@/domain/tasks.ts";
import { getUser, registerUser } from "@/domain/users.ts";
import { setWallet } from "@/domain/wallet.ts";
import { requestWithdrawal } from "@/domain/withdrawals.ts";
import { migrateDb, type Db } from "@/db/sqlite/client.ts";
import { and, eq, sql } from "@/db/ops.ts";
import { adminAudit, admins, ledger, taskCompletions, users, withdrawals } from "@/db/sqlite/schema/index.ts";
import { openDeps } from "./support/deps.ts";
import type { RaceJob, RaceJobSpec, RaceResult } from "./support/race-worker.ts";

const WORKERS = 6;
const worker = join(import.meta.dir, "support", "race-worker.ts");

let dir: string;
let path: string;
let db: Db;
let deps: Deps & { db: Db };
const now = new Date("2026-03-10T12:00:00Z");

let tg = 7_000_000;
const newUser = async (startParam?: string) => (await registerUser(deps, { tgId: tg++, firstName: "Racer" }, startParam)).user;
const wallet = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

async function fundedUser(amount: string, n: number, adminId: number) {
  const user = await newUser();
  await adjustBalance(deps, adminId, user.id, amount, "race funds");
  await setWallet(deps, await getUser(deps, user.id), wallet(n));
  return getUser(deps, user.id);
}

/**
 * Every worker runs its jobs in order; job k of every worker starts at the same instant. That
 * instant is chosen only once every process has said it is ready for job k: a fixed timetable
 * would leave a worker behind whenever a loaded machine made it slower than the timetable.
 */
async function race(rounds: ((w: number) => RaceJobSpec)[]): Promise<RaceResult[][]> {
  // Enough for the start time to reach six processes before it comes.
  const lead = 100;
  const workers = Array.from({ length: WORKERS }, (_, w) => {
    const jobs = rounds.map((make, k) => ({ ...make(w), name: `${k}` }) as RaceJob);
    const proc = Bun.spawn([process.execPath, "run", worker, JSON.stringify({ db: path, now: now.getTime(), jobs })], { stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    const results: RaceResult[] = [];
    let readyFor = -1;
    let onReady = () => {};
    const done = (async () => {
      const decoder = new TextDecoder();
      let out = "";
      for await (const chunk of proc.stdout) {
        out += decoder.decode(chunk, { stream: true });
        const lines = out.split("\n");
        out = lines.pop()!;
        for (const line of lines) {
          const message = JSON.parse(line) as RaceResult | { ready: number };
          if ("ready" in message) (readyFor = message.ready), onReady();
          else results.push(message);
        }
      }
      const [err, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
      if (code !== 0) throw new Error(`worker exited ${code}: ${err}`);
      return results;
    })();
    const ended = done.then(() => Promise.reject(new Error(`worker ${w} ended before its last job`)));
    // Only a round still waiting for this worker needs to hear that it ended; the results come from `done`.
    ended.catch(() => {});
    const ready = async (k: number) => {
      while (readyFor < k) await Promise.race([new Promise<void>((resolve) => (onReady = resolve)), ended]);
    };
    return { proc, ready, done };
  });
  for (const k of rounds.keys()) {
    await Promise.all(workers.map((w) => w.ready(k)));
    const start = Date.now() + lead;
    for (const w of workers) {
      w.proc.stdin.write(`${start}\n`);
      await w.proc.stdin.flush();
    }
  }
  for (const w of workers) await w.proc.stdin.end();
  const outputs = await Promise.all(workers.map((w) => w.done));
  // results[round][worker]
  return rounds.map((_, k) => outputs.map((o) => o[k]!));
}

const winners = (results: RaceResult[]) => results.filter((r) => r.ok);
const codes = (results: RaceResult[]) => results.filter((r) => !r.ok).map((r) => r.code);

type Setup = {
  adminIds: number[];
  dailyTask: number;
  dailyTask2: number;
  completer: number;
  approveOnce: { userId: number; withdrawalId: number };
  approveOrReject: { userId: number; withdrawalId: number; amount: number }[];
  requester: number;
  debited: number;
  referrer: number;
  referred: number;
};
let s: Setup;
let results: RaceResult[][];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "refbot-race-"));
  path = join(dir, "race.sqlite");
  deps = openDeps(path, now);
  db = deps.db;
  migrateDb(db);

  const adminIds = Array.from({ length: WORKERS }, (_, i) =>
    db.insert(admins).values({ email: `admin${i}@race.test`, passwordHash: "unused", createdAt: now }).returning().get().id,
  );
  const daily = await createTask(deps, { kind: "daily_activity", title: "Daily", description: "", reward: usdt("0.2"), isActive: true });
  const daily2 = await createTask(deps, { kind: "daily_activity", title: "Daily 2", description: "", reward: usdt("0.3"), isActive: true });
  const channel = await createTask(deps, { kind: "follow_channel", title: "Channel", description: "", reward: usdt("0.5"), isActive: true });

  const completer = await newUser();
  const b = await fundedUser("20", 1, adminIds[0]!);
  const approveOnce = { userId: b.id, withdrawalId: (await requestWithdrawal(deps, b, "15")).id };
  const approveOrReject = [];
  for (const n of [2, 3, 4]) {
    const user = await fundedUser("20", n, adminIds[0]!);
    approveOrReject.push({ userId: user.id, withdrawalId: (await requestWithdrawal(deps, user, "12")).id, amount: usdt("12") });
  }
  const requester = (await fundedUser("30", 5, adminIds[0]!)).id;
  const debited = (await fundedUser("25", 6, adminIds[0]!)).id;
  // A referred user one daily task short of qualifying: two different daily tasks race.
  const referrer = await newUser();
  const referred = await newUser(referrer.refCode);
  await completeTask(deps, referred, channel.id);
  s = { adminIds, dailyTask: daily.id, dailyTask2: daily2.id, completer: completer.id, approveOnce, approveOrReject, requester, debited, referrer: referrer.id, referred: referred.id };

  results = await race([
    // (a) the same user completes the same daily task in every process
    () => ({ action: "complete", userId: s.completer, taskId: s.dailyTask }),
    // (b) every admin approves the same withdrawal
    (w) => ({ action: "approve", adminId: s.adminIds[w]!, withdrawalId: s.approveOnce.withdrawalId }),
    // (c) approve against reject, three times over
    ...s.approveOrReject.map(
      ({ withdrawalId }) =>
        (w: number): RaceJobSpec =>
          w % 2 === 0 ? { action: "approve", adminId: s.adminIds[w]!, withdrawalId } : { action: "reject", adminId: s.adminIds[w]!, withdrawalId, reason: "race" },
    ),
    // (d) one user requests a withdrawal in every process, each a different amount
    (w) => ({ action: "withdraw", userId: s.requester, amount: String(10 + w) }),
    // (e) every admin debits 10 from a balance of 25
    (w) => ({ action: "adjust", adminId: s.adminIds[w]!, userId: s.debited, amount: "-10" }),
    // (f) the qualifying completion races: three processes per daily task
    (w) => ({ action: "complete", userId: s.referred, taskId: w % 2 === 0 ? s.dailyTask : s.dailyTask2 }),
  ]);
}, 60_000);

afterAll(() => {
  db?.sqlite.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("processes racing on one SQLite file", () => {
  test("the workers really left the barrier together", async () => {
    for (const round of results) {
      // Every process was waiting before the barrier opened, and none left it late: the workers
      // spin on two cores, so one may lose the core for a few scheduler slices on a busy machine,
      // still far less than a worker that missed the barrier (it would start a whole job late).
      for (const r of round) {
        expect(r.readyAt).toBeLessThanOrEqual(r.startAt);
        expect(r.startedAt - r.startAt).toBeLessThan(200);
      }
    }
  });

  test("(a) the same daily task: one completion, one credit, the rest ALREADY_COMPLETED", async () => {
    const round = results[0]!;
    expect(winners(round)).toHaveLength(1);
    expect(codes(round)).toEqual(Array(WORKERS - 1).fill("ALREADY_COMPLETED"));
    expect(db.select().from(taskCompletions).where(eq(taskCompletions.userId, s.completer)).all()).toHaveLength(1);
    const credits = db.select().from(ledger).where(eq(ledger.userId, s.completer)).all();
    expect(credits.map((e) => [e.type, e.reason, e.amount])).toEqual([["credit", "daily_task", usdt("0.2")]]);
    expect((await getUser(deps, s.completer)).balance).toBe(usdt("0.2"));
  });

  test("(b) admins approving one withdrawal: one wins, the others INVALID_STATE, one audit row", async () => {
    const round = results[1]!;
    const won = winners(round);
    expect(won).toHaveLength(1);
    expect(codes(round)).toEqual(Array(WORKERS - 1).fill("INVALID_STATE"));
    const id = s.approveOnce.withdrawalId;
    const row = db.select().from(withdrawals).where(eq(withdrawals.id, id)).get()!;
    expect(row.status).toBe("approved");
    const audits = db.select().from(adminAudit).where(and(eq(adminAudit.targetType, "withdrawal"), eq(adminAudit.targetId, id))).all();
    expect(audits.map((a) => a.action)).toEqual(["withdrawal.approve"]);
    expect(audits[0]!.adminId).toBe(row.processedBy);
    expect(s.adminIds[round.indexOf(won[0]!)]).toBe(row.processedBy!);
  });

  test("(c) approve against reject: one outcome, refunded at most once", async () => {
    for (const [i, w] of s.approveOrReject.entries()) {
      const round = results[2 + i]!;
      const won = winners(round);
      expect(won).toHaveLength(1);
      expect(codes(round)).toEqual(Array(WORKERS - 1).fill("INVALID_STATE"));
      const row = db.select().from(withdrawals).where(eq(withdrawals.id, w.withdrawalId)).get()!;
      expect(row.status).toBe(won[0]!.value as typeof row.status);
      const refunds = db.select().from(ledger).where(and(eq(ledger.reason, "withdrawal_refund"), eq(ledger.refId, w.withdrawalId))).all();
      expect(refunds).toHaveLength(row.status === "rejected" ? 1 : 0);
      expect((await getUser(deps, w.userId)).balance).toBe(usdt("20") - (row.status === "rejected" ? 0 : w.amount));
      expect(db.select().from(adminAudit).where(and(eq(adminAudit.targetType, "withdrawal"), eq(adminAudit.targetId, w.withdrawalId))).all()).toHaveLength(1);
    }
  });

  test("(d) one user's simultaneous withdrawals: one open request, debited once", async () => {
    const round = results[5]!;
    const won = winners(round);
    expect(won).toHaveLength(1);
    expect(codes(round)).toEqual(Array(WORKERS - 1).fill("OPEN_WITHDRAWAL"));
    const rows = db.select().from(withdrawals).where(eq(withdrawals.userId, s.requester)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(won[0]!.value as number);
    const debits = db.select().from(ledger).where(and(eq(ledger.userId, s.requester), eq(ledger.reason, "withdrawal"))).all();
    expect(debits.map((d) => d.amount)).toEqual([rows[0]!.amount]);
    expect((await getUser(deps, s.requester)).balance).toBe(usdt("30") - rows[0]!.amount);
  });

  test("(e) simultaneous debits never take a balance below zero", async () => {
    const round = results[6]!;
    expect(winners(round)).toHaveLength(2);
    expect(codes(round)).toEqual(Array(WORKERS - 2).fill("INSUFFICIENT_BALANCE"));
    expect((await getUser(deps, s.debited)).balance).toBe(usdt("5"));
  });

  test("(f) racing qualifying completions pay the referral bonus once", async () => {
    const round = results[7]!;
    expect(winners(round)).toHaveLength(2); // one per daily task
    expect(codes(round)).toEqual(Array(WORKERS - 2).fill("ALREADY_COMPLETED"));
    const bonuses = db.select().from(ledger).where(eq(ledger.reason, "referral_bonus")).all();
    expect(bonuses.map((b) => [b.userId, b.refId, b.amount])).toEqual([[s.referrer, s.referred, usdt("0.2")]]);
    expect(await getUser(deps, s.referrer)).toMatchObject({ balance: usdt("0.2"), qualifiedReferrals: 1 });
    expect(await getUser(deps, s.referred)).toMatchObject({ dailyTasksCompleted: 2, balance: usdt("1") });
  });

  test("afterwards the ledger invariant holds for every user and withdrawal", async () => {
    expect(checkLedger(db).problems).toEqual([]);
    const open = db.all(sql`select user_id from withdrawals where status in ('pending', 'approved') group by user_id having count(*) > 1`);
    expect(open).toEqual([]);
  });
});

describe("transactions", () => {
  let t: Deps & { db: Db };
  let userId: number;
  beforeAll(async () => {
    t = openDeps(join(dir, "tx.sqlite"), now);
    migrateDb(t.db);
    userId = (await registerUser(t, { tgId: 42, firstName: "Tx" })).user.id;
    inTransaction(t.db, (tx) => runNow(credit(sqliteStatements(t.db), { userId, amount: usdt("5"), reason: "admin_adjustment", at: now })));
  });
  afterAll(() => t.db.sqlite.close());

  const ledgerRows = () => t.db.select().from(ledger).where(eq(ledger.userId, userId)).all().length;
  const balance = () => t.db.select().from(users).where(eq(users.id, userId)).get()!.balance;

  test("a failure midway leaves no partial write: the credit and its ledger row are both gone", async () => {
    expect([ledgerRows(), balance()]).toEqual([1, usdt("5")]);
    expect(() =>
      inTransaction(t.db, (tx) => {
        runNow(credit(sqliteStatements(t.db), { userId, amount: usdt("3"), reason: "daily_task", at: now }));
        throw new Error("boom after the credit");
      }),
    ).toThrow("boom after the credit");
    expect([ledgerRows(), balance()]).toEqual([1, usdt("5")]);
    expect(await getUser(t, userId)).toMatchObject({ totalEarned: 0, earnedToday: 0 });
  });

  test("a debit refused for lack of balance rolls back the credit before it", async () => {
    expect(() =>
      inTransaction(t.db, (tx) => {
        runNow(credit(sqliteStatements(t.db), { userId, amount: usdt("1"), reason: "admin_adjustment", at: now }));
        runNow(debit(sqliteStatements(t.db), { userId, amount: usdt("100"), reason: "withdrawal", at: now }));
      }),
    ).toThrow("The balance does not cover this amount");
    expect([ledgerRows(), balance()]).toEqual([1, usdt("5")]);
  });

  test("an async callback is refused and what it wrote before its first await is rolled back", async () => {
    let ran = false;
    expect(() =>
      inTransaction(t.db, (async (tx: Parameters<Parameters<typeof inTransaction>[1]>[0]) => {
        runNow(credit(sqliteStatements(t.db), { userId, amount: usdt("2"), reason: "admin_adjustment", at: now }));
        ran = true;
      }) as never),
    ).toThrow("transaction callbacks must be synchronous");
    expect(ran).toBe(true);
    await Bun.sleep(0);
    expect([ledgerRows(), balance()]).toEqual([1, usdt("5")]);
    expect(t.db.sqlite.inTransaction).toBe(false);
    // The connection is usable afterwards.
    inTransaction(t.db, (tx) => runNow(credit(sqliteStatements(t.db), { userId, amount: usdt("1"), reason: "admin_adjustment", at: now })));
    expect([ledgerRows(), balance()]).toEqual([2, usdt("6")]);
    expect(checkLedger(t.db).problems).toEqual([]);
  });

  test("what an async callback does after its first await cannot write outside the transaction", async () => {
    const before = [ledgerRows(), balance()];
    let late: unknown;
    expect(() =>
      inTransaction(t.db, (async (tx: Parameters<Parameters<typeof inTransaction>[1]>[0]) => {
        await null;
        try {
          // Through the transaction's handle: the rules' programs cannot wait at all (runNow).
          tx.update(users).set({ balance: usdt("999") }).where(eq(users.id, userId)).run();
        } catch (error) {
          late = error;
        }
      }) as never),
    ).toThrow("transaction callbacks must be synchronous");
    await Bun.sleep(5);
    expect(String(late)).toContain("this transaction is over");
    expect([ledgerRows(), balance()]).toEqual(before);
    expect(checkLedger(t.db).problems).toEqual([]);
  });
});
