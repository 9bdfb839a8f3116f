// Property tests of the money flows: random sequences of API calls (some of them fired at the
// same moment) against a model of the rules, then the ledger invariant over the whole database.
//
// The model is a plain re-statement of DESIGN.md ("Money", "Rules the spec leaves open"). Each
// sequential call must answer exactly what the model predicts; a burst of concurrent calls must
// answer what *some* serial order of those calls would have answered (SQLite runs one write
// transaction at a time; PostgreSQL's must come out as if it had), and the model continues from
// that order. On both engines; the database file's check (`npm run db:check`) on SQLite.
import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import fc from "fast-check";
import { and, eq, inArray, sql } from "@/db/ops.ts";
import { forEachAppEngine, jwtSecret, makeTestApp as makeSqliteApp, uniqueTgId, type Reply, type TestApp } from "./support/app.ts";
import { dbCheck } from "./support/db-check.ts";

const U = 1_000_000; // micro-USDT per USDT
const HOUR = 3_600_000;

// ---------------------------------------------------------------------------------------------
// The oracle's own money helpers (deliberately not the code under test).

/** "12.5" → "12.50", 200000 → "0.20", 1 → "0.000001": at least two decimals, no trailing zeros beyond. */
function fmt(micro: number): string {
  const sign = micro < 0 ? "-" : "";
  const abs = Math.abs(micro);
  let frac = String(abs % U).padStart(6, "0");
  while (frac.length > 2 && frac.endsWith("0")) frac = frac.slice(0, -1);
  return `${sign}${Math.floor(abs / U)}.${frac}`;
}
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------
// Inputs. `micro: null` means the text is not a valid amount for that call.

type Amount = { input: string | number; micro: number | null };
const withdrawAmounts: Amount[] = [
  { input: "10", micro: 10 * U },
  { input: "10.00", micro: 10 * U },
  { input: "12.5", micro: 12_500_000 },
  { input: 15, micro: 15 * U },
  { input: 10.5, micro: 10_500_000 },
  { input: "20.25", micro: 20_250_000 },
  { input: "9.99", micro: 9_990_000 }, // below the minimum
  { input: "0", micro: 0 },
  { input: "10.001", micro: null }, // 3 decimals
  { input: "-10", micro: null },
  { input: "abc", micro: null },
  { input: "1e3", micro: null },
  { input: "", micro: null },
  { input: "1000000", micro: 1_000_000 * U }, // more than anyone has
];
const adjustAmounts: Amount[] = [
  { input: "15", micro: 15 * U },
  { input: "25.5", micro: 25_500_000 },
  { input: 7, micro: 7 * U },
  { input: "30", micro: 30 * U },
  { input: "-1.5", micro: -1_500_000 },
  { input: "-0.01", micro: -10_000 },
  { input: "-12", micro: -12 * U },
  { input: "-1000", micro: -1000 * U },
  { input: "0", micro: 0 },
  { input: "1.234", micro: null },
  { input: "ten", micro: null },
];
const taskRewards = ["0", "0.2", "0.5", "1.25", "0.01", "3"];
const toMicro = (text: string) => {
  const [whole, frac = ""] = text.split(".");
  return Number(whole) * U + Number(frac.padEnd(6, "0"));
};

// ---------------------------------------------------------------------------------------------
// The model.

type Kind = "daily_activity" | "follow_channel" | "custom" | "link";
type MUser = {
  id: number;
  tgId: number;
  refCode: string;
  referrer: number | null; // index into users
  banned: boolean;
  balance: number;
  wallet: string | null; // lower case
  qualified: number; // qualified referrals (may start at a preset)
  channel: boolean;
  daily: number;
  bonusPaid: boolean;
  milestones: number;
  done: string[]; // `${taskIndex}:${period}`
  opened: Record<string, number>; // `${taskIndex}:${period}` → when a link task was first opened
};
type MTask = { id: number; kind: Kind; reward: number; active: boolean; waitSeconds: number };
type MWithdrawal = { id: number; user: number; amount: number; status: "review" | "pending" | "approved" | "paid" | "rejected" };
const isOpen = (w: MWithdrawal) => w.status === "review" || w.status === "pending" || w.status === "approved";
type Model = { users: MUser[]; tasks: MTask[]; withdrawals: MWithdrawal[]; paidHashes: string[]; now: number; member: boolean };

/** Concrete calls, with every id resolved against the model before they are sent. */
type Call =
  | { k: "complete"; u: number; t: number }
  | { k: "open"; u: number; t: number }
  | { k: "wallet"; u: number; address: string }
  | { k: "withdraw"; u: number; amount: Amount }
  | { k: "approve"; id: number }
  | { k: "reject"; id: number; reason: string }
  | { k: "paid"; id: number; txHash: string }
  | { k: "adjust"; u: number; amount: Amount; reason: string }
  | { k: "ban"; u: number; yes: boolean }
  | { k: "toggle"; t: number; active: boolean };

const missingId = 2_000_000_000;
/** The index of the scenario's link task, which the "link" op opens and claims. */
const linkTask = 4;

/**
 * What the rules say `call` answers in state `m`; on success `m` moves on (using ids and values
 * from the actual reply where the server chooses them). Returns a mismatch description or null.
 */
function step(m: Model, call: Call, reply: Reply): string | null {
  const expectError = (status: number, code?: string) =>
    reply.status === status && (code === undefined || reply.body?.code === code)
      ? null
      : `expected ${status} ${code ?? ""}, got ${reply.status} ${JSON.stringify(reply.body)}`;
  const expectOk = (status: number, check: () => string | null) =>
    reply.status === status ? check() : `expected ${status}, got ${reply.status} ${JSON.stringify(reply.body)}`;
  const same = (what: string, actual: unknown, expected: unknown) =>
    actual === expected ? null : `${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;

  switch (call.k) {
    case "open": {
      const u = m.users[call.u]!;
      const task = m.tasks[call.t]!;
      const key = `${call.t}:once`;
      if (u.banned) return expectError(403, "USER_BANNED");
      if (!task.active) return expectError(409, "TASK_INACTIVE");
      if (task.kind !== "link") return expectError(409, "NOT_LINK_TASK");
      u.opened[key] ??= m.now; // the first open counts
      const claimable = u.opened[key] + task.waitSeconds * 1000;
      return expectOk(200, () =>
        same("openedAt", reply.body.openedAt, new Date(u.opened[key]!).toISOString()) ??
        same("claimableAt", reply.body.claimableAt, new Date(claimable).toISOString()) ??
        same("secondsLeft", reply.body.secondsLeft, Math.max(0, Math.ceil((claimable - m.now) / 1000))),
      );
    }
    case "complete": {
      const u = m.users[call.u]!;
      const task = m.tasks[call.t]!;
      const key = `${call.t}:${task.kind === "daily_activity" ? utcDay(m.now) : "once"}`;
      if (u.banned) return expectError(403, "USER_BANNED");
      if (!task.active) return expectError(409, "TASK_INACTIVE");
      if (u.done.includes(key)) return expectError(409, "ALREADY_COMPLETED");
      if (task.kind === "follow_channel" && !m.member) return expectError(403, "NOT_CHANNEL_MEMBER");
      if (task.kind === "link") {
        const opened = u.opened[key];
        if (opened === undefined) return expectError(409, "TASK_NOT_OPENED");
        const left = Math.ceil((opened + task.waitSeconds * 1000 - m.now) / 1000);
        if (left > 0) return expectError(409, "TASK_WAIT") ?? same("secondsLeft", reply.body.secondsLeft, left);
      }
      u.done.push(key);
      u.balance += task.reward;
      if (task.kind === "daily_activity") u.daily += 1;
      if (task.kind === "follow_channel") u.channel = true;
      // A referral qualifies only while the friend is in the channel: a follow_channel completion
      // has just shown it; any other asks Telegram again.
      if (u.referrer !== null && !u.bonusPaid && u.channel && u.daily >= 2 && m.member) {
        u.bonusPaid = true;
        const r = m.users[u.referrer]!;
        r.balance += 200_000;
        r.qualified += 1;
        if (r.qualified === 50) {
          r.balance += 10 * U;
          r.milestones += 1;
        }
      }
      return expectOk(200, () => same("reward", reply.body.reward, fmt(task.reward)) ?? same("balance", reply.body.balance, fmt(u.balance)));
    }
    case "wallet": {
      const u = m.users[call.u]!;
      if (!/^0x[0-9a-f]{40}$/.test(call.address)) return expectError(400, "INVALID_ADDRESS");
      // Several accounts may hold one address.
      u.wallet = call.address;
      return expectOk(200, () => same("wallet", reply.body.walletBep20?.toLowerCase(), call.address));
    }
    case "withdraw": {
      const u = m.users[call.u]!;
      const amount = call.amount.micro;
      if (u.banned) return expectError(403, "USER_BANNED");
      if (amount === null) return expectError(400, "INVALID_AMOUNT");
      if (amount < 10 * U) return expectError(400, "BELOW_MINIMUM");
      // Money leaves only to a user still in the channel they joined.
      if (u.channel && !m.member) return expectError(409, "NOT_IN_CHANNEL");
      if (!u.wallet) return expectError(409, "WALLET_REQUIRED");
      if (m.withdrawals.some((w) => w.user === call.u && isOpen(w))) return expectError(409, "OPEN_WITHDRAWAL");
      if (amount > u.balance) return expectError(409, "INSUFFICIENT_BALANCE");
      u.balance -= amount;
      // A payout to an address a banned account holds too waits for review.
      const status = m.users.some((o) => o !== u && o.banned && o.wallet === u.wallet) ? "review" : "pending";
      if (reply.status === 201) m.withdrawals.push({ id: reply.body.id, user: call.u, amount, status });
      return expectOk(201, () =>
        same("amount", reply.body.amountUsdt, fmt(amount)) ?? same("status", reply.body.status, status) ?? same("address", reply.body.addressBep20?.toLowerCase(), u.wallet),
      );
    }
    case "approve":
    case "reject":
    case "paid": {
      if (call.k === "reject" && !call.reason.trim()) return expectError(400, "VALIDATION_FAILED");
      if (call.k === "paid" && !/^0x[0-9a-fA-F]{64}$/.test(call.txHash)) return expectError(400, "VALIDATION_FAILED");
      const w = m.withdrawals.find((x) => x.id === call.id);
      if (!w) return expectError(404, "NOT_FOUND");
      const from = call.k === "paid" ? ["approved"] : ["pending", "review"];
      if (!from.includes(w.status)) return expectError(409, "INVALID_STATE");
      // Money never moves toward a banned user's address (a ban refunds what is open, so this
      // holds for requests kept open past the rules).
      if (call.k !== "reject" && m.users[w.user]!.banned) return expectError(409, "WITHDRAWAL_USER_BANNED");
      // A transaction hash pays one withdrawal, whatever the case of its hex digits.
      if (call.k === "paid" && m.paidHashes.includes(call.txHash.toLowerCase())) return expectError(409, "TX_HASH_USED");
      if (call.k === "paid") m.paidHashes.push(call.txHash.toLowerCase());
      w.status = call.k === "approve" ? "approved" : call.k === "paid" ? "paid" : "rejected";
      if (call.k === "reject") m.users[w.user]!.balance += w.amount;
      return expectOk(200, () => same("status", reply.body.status, w.status));
    }
    case "adjust": {
      const u = m.users[call.u]!;
      const amount = call.amount.micro;
      if (!call.reason.trim()) return expectError(400, "VALIDATION_FAILED");
      if (amount === null || amount === 0) return expectError(400, "INVALID_AMOUNT");
      if (amount < 0 && -amount > u.balance) return expectError(409, "INSUFFICIENT_BALANCE");
      u.balance += amount;
      return expectOk(200, () => same("balance", reply.body.user?.balanceUsdt, fmt(u.balance)) ?? same("entry", reply.body.entry?.type, amount > 0 ? "credit" : "debit"));
    }
    case "ban": {
      m.users[call.u]!.banned = call.yes;
      // A ban takes the user's open request out of the queue and refunds it, in its own transaction.
      const open = call.yes ? m.withdrawals.find((w) => w.user === call.u && isOpen(w)) : undefined;
      if (open) {
        open.status = "rejected";
        m.users[call.u]!.balance += open.amount;
      }
      return expectOk(200, () => same("isBanned", reply.body.isBanned, call.yes) ?? same("balance", reply.body.balanceUsdt, fmt(m.users[call.u]!.balance)));
    }
    case "toggle": {
      m.tasks[call.t]!.active = call.active;
      return expectOk(200, () => same("isActive", reply.body.isActive, call.active));
    }
  }
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

// ---------------------------------------------------------------------------------------------
// Generated programs: index-based ops, resolved against the model when they run.

type Op =
  | { k: "complete"; u: number; t: number }
  | { k: "open"; u: number; t: number }
  | { k: "advance"; hours: number }
  | { k: "tick"; seconds: number }
  | { k: "link"; u: number; seconds: number }
  | { k: "member"; yes: boolean }
  | { k: "wallet"; u: number; which: "own" | "other" | "invalid"; other: number }
  | { k: "withdraw"; u: number; amount: number }
  | { k: "approve"; w: number }
  | { k: "reject"; w: number; blank: boolean }
  | { k: "paid"; w: number; bad: boolean }
  | { k: "adjust"; u: number; amount: number; blank: boolean }
  | { k: "ban"; u: number; yes: boolean }
  | { k: "toggle"; t: number; active: boolean }
  | { k: "fund"; u: number; amount: number }
  | { k: "burst"; ops: Op[] };

const idx = fc.nat({ max: 31 });
const simpleOp: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ k: fc.constant("complete" as const), u: idx, t: idx }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("open" as const), u: idx, t: idx }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("wallet" as const), u: idx, which: fc.constantFrom("own" as const, "own" as const, "other" as const, "invalid" as const), other: idx }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant("withdraw" as const), u: idx, amount: fc.nat({ max: withdrawAmounts.length - 1 }) }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant("approve" as const), w: idx }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("reject" as const), w: idx, blank: fc.constantFrom(false, false, false, false, true) }) },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("paid" as const), w: idx, bad: fc.constantFrom(false, false, true) }) },
  { weight: 4, arbitrary: fc.record({ k: fc.constant("adjust" as const), u: idx, amount: fc.nat({ max: adjustAmounts.length - 1 }), blank: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("ban" as const), u: idx, yes: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("toggle" as const), t: idx, active: fc.boolean() }) },
);
const burst: fc.Arbitrary<Op> = fc.oneof(
  // the same completion two or three times at once
  fc.tuple(idx, idx, fc.integer({ min: 2, max: 3 })).map(([u, t, n]) => ({ k: "burst" as const, ops: Array.from({ length: n }, () => ({ k: "complete" as const, u, t })) })),
  // a referred user's qualifying completions all at once (channel + both daily tasks)
  idx.map((u) => ({ k: "burst" as const, ops: [0, 1, 2].map((t) => ({ k: "complete" as const, u, t })) })),
  // approve and reject of one withdrawal; or two approvals
  fc.tuple(idx, fc.boolean()).map(([w, twice]) => ({ k: "burst" as const, ops: [{ k: "approve" as const, w }, twice ? { k: "approve" as const, w } : { k: "reject" as const, w, blank: false }] })),
  // two withdrawals by one user
  fc.tuple(idx, fc.nat({ max: 5 }), fc.nat({ max: 5 })).map(([u, a, b]) => ({ k: "burst" as const, ops: [{ k: "withdraw" as const, u, amount: a }, { k: "withdraw" as const, u, amount: b }] })),
  // a ban racing the user's own withdrawal and completion, and an approval of the newest request
  fc.tuple(idx, idx, fc.nat({ max: 5 })).map(([u, t, a]) => ({
    k: "burst" as const,
    ops: [{ k: "ban" as const, u, yes: true }, { k: "withdraw" as const, u, amount: a }, { k: "complete" as const, u, t }, { k: "approve" as const, w: 0 }],
  })),
  // anything at all, together
  fc.array(simpleOp, { minLength: 2, maxLength: 4 }).map((ops) => ({ k: "burst" as const, ops })),
);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 10, arbitrary: simpleOp },
  { weight: 3, arbitrary: fc.record({ k: fc.constant("advance" as const), hours: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(24, 24, 48)) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant("tick" as const), seconds: fc.integer({ min: 1, max: 90 }) }) },
  // the link task as people do it: open, wait a while (perhaps not long enough), claim
  { weight: 2, arbitrary: fc.record({ k: fc.constant("link" as const), u: idx, seconds: fc.constantFrom(0, 5, 29, 30, 31, 60, 120) }) },
  { weight: 1, arbitrary: fc.record({ k: fc.constant("member" as const), yes: fc.constantFrom(true, true, true, false) }) },
  { weight: 3, arbitrary: burst },
  // a credit and the user's own wallet, so withdrawals get past their preconditions
  { weight: 2, arbitrary: fc.record({ k: fc.constant("fund" as const), u: idx, amount: fc.constantFrom(0, 1, 3) }) },
);

const userSpec = fc.record({ ref: fc.option(fc.nat({ max: 31 }), { nil: null }), nearMilestone: fc.boolean(), lowerCaseCode: fc.boolean() });
const waitSeconds = fc.constantFrom(0, 30, 30, 90);
const taskSpec = fc.record({ reward: fc.constantFrom(...taskRewards), active: fc.boolean(), waitSeconds });
const scenario = fc.record({
  users: fc.array(userSpec, { minLength: 2, maxLength: 5 }),
  // daily A and B, follow_channel, custom, link, and an extra task of any kind
  tasks: fc.tuple(
    taskSpec,
    taskSpec,
    taskSpec,
    taskSpec,
    taskSpec,
    fc.record({ kind: fc.constantFrom<Kind>("daily_activity", "follow_channel", "custom", "link"), reward: fc.constantFrom(...taskRewards), active: fc.boolean(), waitSeconds }),
  ),
  ops: fc.array(op, { minLength: 10, maxLength: 50 }),
});

// A file's check, so SQLite only.
describe("npm run db:check", () => {
  test("exits 0 on a healthy database and 1 naming the user whose balance was corrupted", async () => {
    const app = await makeSqliteApp();
    const user = await app.makeUser();
    const task = await app.makeTask();
    await app.request("POST", `/api/tasks/${task.id}/complete`, { headers: app.userHeaders(user.tgId) });
    await app.request("POST", `/api/admin/users/${user.id}/adjust`, { headers: await app.adminHeaders(), body: { amount: "12", reason: "test" } });
    const file = app.deps.config.databasePath;
    expect(existsSync(file)).toBe(true);

    const healthy = await dbCheck(file);
    expect(healthy.output).toContain("every balance matches its ledger");
    expect(healthy.code).toBe(0);

    app.db.run(sql`update users set balance = balance + 1 where id = ${user.id}`);
    const broken = await dbCheck(file);
    expect(broken.code).toBe(1);
    expect(broken.output).toContain(`balance_mismatch #${user.id}`);
    expect(broken.output).toContain("1 problems");
    app.db.sqlite.close();
  }, 20_000);
});

// ---------------------------------------------------------------------------------------------

/**
 * Runs per batch on PostgreSQL (150 on SQLite), where each call is a few network round trips, so
 * that the file stays well under a minute on two busy cores. A batch that misses one of the
 * interesting states is followed by another (see the test).
 */
const pgRuns = 80;

await forEachAppEngine(import.meta.path, ({ engine, test, beforeAll, makeTestApp }) => {
  let t: TestApp;
  let adminAuth: Record<string, string>;
  let run = 0;
  let clock = new Date("2026-03-10T12:00:00Z").getTime();

  /** An admin token minted like the server does (HS256, sub, ver, exp), valid across the walked clock. */
  function mintAdminToken(adminId: number, version: number): string {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
    const head = part({ alg: "HS256", typ: "JWT" });
    const body = part({ sub: String(adminId), ver: version, exp: Math.floor(Date.parse("2100-01-01") / 1000) });
    return `${head}.${body}.${createHmac("sha256", jwtSecret).update(`${head}.${body}`).digest("base64url")}`;
  }

  beforeAll(async () => {
    t = await makeTestApp();
    adminAuth = { authorization: `Bearer ${mintAdminToken(t.admin.id, t.admin.tokenVersion)}` };
    const probe = await t.request("GET", "/api/admin/me", { headers: adminAuth });
    if (probe.status !== 200) throw new Error(`minted admin token refused: ${JSON.stringify(probe.body)}`);
  });


  function send(m: Model, call: Call): Promise<Reply> {
    const user = (u: number) => t.userHeaders(m.users[u]!.tgId);
    switch (call.k) {
      case "complete":
        return t.request("POST", `/api/tasks/${m.tasks[call.t]!.id}/complete`, { headers: user(call.u) });
      case "open":
        return t.request("POST", `/api/tasks/${m.tasks[call.t]!.id}/open`, { headers: user(call.u) });
      case "wallet":
        return t.request("POST", "/api/me/wallet", { headers: user(call.u), body: { address: call.address } });
      case "withdraw":
        return t.request("POST", "/api/me/withdraw", { headers: user(call.u), body: { amount: call.amount.input } });
      case "approve":
        return t.request("PATCH", `/api/admin/withdrawals/${call.id}/approve`, { headers: adminAuth, body: {} });
      case "reject":
        return t.request("PATCH", `/api/admin/withdrawals/${call.id}/reject`, { headers: adminAuth, body: { reason: call.reason } });
      case "paid":
        return t.request("PATCH", `/api/admin/withdrawals/${call.id}/paid`, { headers: adminAuth, body: { txHash: call.txHash } });
      case "adjust":
        return t.request("POST", `/api/admin/users/${m.users[call.u]!.id}/adjust`, { headers: adminAuth, body: { amount: call.amount.input, reason: call.reason } });
      case "ban":
        return t.request("POST", `/api/admin/users/${m.users[call.u]!.id}/${call.yes ? "ban" : "unban"}`, { headers: adminAuth, body: call.yes ? { reason: "property test" } : undefined });
      case "toggle":
        return t.request("PATCH", `/api/admin/tasks/${m.tasks[call.t]!.id}`, { headers: adminAuth, body: { isActive: call.active } });
    }
  }

  const ownAddress = (runNo: number, u: number) => `0x${(runNo * 100 + u).toString(16).padStart(8, "0")}${"ab".repeat(16)}`;

  type Macro = "burst" | "advance" | "tick" | "member" | "fund" | "link";

  function resolve(m: Model, o: Exclude<Op, { k: Macro }>): Call {
    const n = m.users.length;
    // One extra slot past the end stands for an id that does not exist.
    // Small indexes pick the newest requests, the ones still likely to be open.
    const wid = (w: number) => {
      const n = m.withdrawals.length;
      const i = w % (n + 1);
      return i === n ? missingId : m.withdrawals[n - 1 - i]!.id;
    };
    switch (o.k) {
      case "complete":
      case "open":
        return { k: o.k, u: o.u % n, t: o.t % m.tasks.length };
      case "wallet": {
        const address = o.which === "invalid" ? "0x1234" : ownAddress(run, (o.which === "own" ? o.u : o.other) % n);
        return { k: "wallet", u: o.u % n, address };
      }
      case "withdraw":
        return { k: "withdraw", u: o.u % n, amount: withdrawAmounts[o.amount]! };
      case "approve":
        return { k: "approve", id: wid(o.w) };
      case "reject":
        return { k: "reject", id: wid(o.w), reason: o.blank ? "   " : "Address flagged" };
      case "paid":
        return { k: "paid", id: wid(o.w), txHash: o.bad ? "0x1234" : `0x${(run * 1000 + o.w).toString(16).padStart(64, "0")}` };
      case "adjust":
        return { k: "adjust", u: o.u % n, amount: adjustAmounts[o.amount]!, reason: o.blank ? "" : "campaign" };
      case "ban":
        return { k: "ban", u: o.u % n, yes: o.yes };
      case "toggle":
        return { k: "toggle", t: o.t % m.tasks.length, active: o.active };
    }
  }

  type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

  async function setUp(s: Scenario): Promise<Model> {
    run += 1;
    clock += 3 * 24 * HOUR;
    t.setNow(new Date(clock));
    t.setMember(true);
    const m: Model = { users: [], tasks: [], withdrawals: [], paidHashes: [], now: clock, member: true };

    // Users register through the API with signed init data; a start parameter binds the referrer.
    for (const [i, spec] of s.users.entries()) {
      const referrer = i > 0 && spec.ref !== null ? spec.ref % i : null;
      const tgId = uniqueTgId();
      const code = referrer === null ? undefined : spec.lowerCaseCode ? m.users[referrer]!.refCode.toLowerCase() : m.users[referrer]!.refCode;
      const me = await t.request("GET", "/api/me", { headers: { "x-telegram-init-data": t.initDataFor({ tgId, firstName: `P${i}` }, code) } });
      expect(me.status).toBe(200);
      let qualified = 0;
      if (spec.nearMilestone) {
        // A referrer one short of the 50-referral milestone, so sequences can cross it.
        await t.update("users", { qualifiedReferrals: 49 }, (u) => eq(u.id, me.body.id));
        qualified = 49;
      }
      m.users.push({ id: me.body.id, tgId, refCode: me.body.refCode, referrer, banned: false, balance: 0, wallet: null, qualified, channel: false, daily: 0, bonusPaid: false, milestones: 0, done: [], opened: {} });
    }

    const kinds: Kind[] = ["daily_activity", "daily_activity", "follow_channel", "custom", "link", s.tasks[5].kind];
    for (const [i, spec] of s.tasks.entries()) {
      // The first three (two daily, the channel) start active so referrals can qualify, and the
      // link task so that the "link" op can pay it.
      const active = i < 3 || i === linkTask ? true : spec.active;
      const link = kinds[i] === "link" ? { url: `https://example.com/run/${run}/${i}`, waitSeconds: spec.waitSeconds } : {};
      const res = await t.request("POST", "/api/admin/tasks", { headers: adminAuth, body: { kind: kinds[i], title: `Task ${run}.${i}`, rewardUsdt: spec.reward, isActive: active, ...link } });
      expect(res.status).toBe(201);
      m.tasks.push({ id: res.body.id, kind: kinds[i]!, reward: toMicro(spec.reward), active, waitSeconds: kinds[i] === "link" ? spec.waitSeconds : 0 });
    }
    return m;
  }

  async function execute(m: Model, o: Op, log: string[]): Promise<void> {
    if (o.k === "advance" || o.k === "tick") {
      m.now += o.k === "advance" ? o.hours * HOUR : o.seconds * 1000;
      t.setNow(new Date(m.now));
      log.push(`${o.k === "advance" ? `advance ${o.hours}h` : `tick ${o.seconds}s`} → ${new Date(m.now).toISOString()}`);
      return;
    }
    if (o.k === "link") {
      await execute(m, { k: "open", u: o.u, t: linkTask }, log);
      await execute(m, { k: "tick", seconds: o.seconds }, log);
      await execute(m, { k: "complete", u: o.u, t: linkTask }, log);
      return;
    }
    if (o.k === "member") {
      m.member = o.yes;
      t.setMember(o.yes);
      log.push(`member ${o.yes}`);
      return;
    }
    if (o.k === "fund") {
      await execute(m, { k: "adjust", u: o.u, amount: o.amount, blank: false }, log);
      await execute(m, { k: "wallet", u: o.u, which: "own", other: 0 }, log);
      return;
    }
    if (o.k !== "burst") {
      const call = resolve(m, o);
      const reply = await send(m, call);
      log.push(`${JSON.stringify(call)} → ${reply.status} ${reply.body?.code ?? ""}`);
      const mismatch = step(m, call, reply);
      if (mismatch) throw new Error(`${mismatch}\n  call: ${JSON.stringify(call)}\n  log:\n    ${log.join("\n    ")}`);
      return;
    }
    const calls = o.ops.map((inner) => resolve(m, inner as Exclude<Op, { k: Macro }>));
    const replies = await Promise.all(calls.map((call) => send(m, call)));
    log.push(`together: ${calls.map((c, i) => `${JSON.stringify(c)} → ${replies[i]!.status} ${replies[i]!.body?.code ?? ""}`).join(" | ")}`);
    const tried: string[] = [];
    const explained: Model[] = [];
    for (const order of permutations(calls.map((_, i) => i))) {
      const candidate = structuredClone(m);
      const mismatch = order.map((i) => step(candidate, calls[i]!, replies[i]!)).find((x) => x !== null);
      if (!mismatch) explained.push(candidate);
      else tried.push(`order ${order.join(",")}: ${mismatch}`);
    }
    // Several orders can explain the same answers yet leave different states (a ban and an unban
    // both succeed either way): the database says which order really happened.
    let happened = explained[0];
    for (const candidate of explained) {
      if (await sameState(candidate)) {
        happened = candidate;
        break;
      }
    }
    if (happened) {
      Object.assign(m, happened);
      return;
    }
    throw new Error(`no serial order explains the concurrent answers:\n  ${tried.join("\n  ")}\n  log:\n    ${log.join("\n    ")}`);
  }

  /** Whether the database holds the model's bans, balances and withdrawal statuses. */
  async function sameState(m: Model): Promise<boolean> {
    const ids = m.users.map((u) => u.id);
    const stored = new Map((await t.rows("users", (u) => inArray(u.id, ids))).map((r) => [r.id, r]));
    const usersMatch = m.users.every((u) => Boolean(stored.get(u.id)?.isBanned) === u.banned && stored.get(u.id)?.balance === u.balance);
    const statuses = new Map((await t.rows("withdrawals", (w) => inArray(w.userId, ids))).map((r) => [r.id, r.status]));
    return usersMatch && m.withdrawals.every((w) => statuses.get(w.id) === w.status);
  }

  /** What the run left in the database, read through the typed tables so it reads alike on both engines. */
  async function checkAfter(m: Model) {
    // 1. The ledger invariant, for this run's users and withdrawals (the whole database is checked
    //    at the end; scoping it here keeps fast-check's shrinking honest after a failure).
    const wids = new Set(m.withdrawals.map((w) => w.id));
    const uids = new Set(m.users.map((u) => u.id));
    const mine = (await t.checkLedger()).problems.filter((p) => (p.kind.startsWith("withdrawal") ? wids.has(p.id) : uids.has(p.id)));
    expect(mine).toEqual([]);

    const ids = m.users.map((u) => u.id);
    const users = new Map((await t.rows("users", (u) => inArray(u.id, ids))).map((r) => [r.id, r]));
    const ledger = await t.rows("ledger", (l) => inArray(l.userId, ids));
    const completions = await t.rows("taskCompletions", (c) => inArray(c.userId, ids));
    const tasks = new Map((await t.rows("tasks", (x) => inArray(x.id, m.tasks.map((task) => task.id)))).map((x) => [x.id, x]));
    const kindOf = (taskId: number) => tasks.get(taskId)?.kind;

    // 2. Every balance and withdrawal is what the model says.
    for (const u of m.users) {
      expect({ id: u.id, balance: users.get(u.id)!.balance, q: users.get(u.id)!.qualifiedReferrals }).toEqual({ id: u.id, balance: u.balance, q: u.qualified });
    }
    const withdrawals = await t.rows("withdrawals", (w) => inArray(w.userId, ids));
    // In id order on both sides: the model keeps a burst's withdrawals in the serial order that
    // explained the answers, and two users' requests in one burst may have taken ids the other way.
    expect(withdrawals.map((w) => ({ id: w.id, userId: w.userId, amount: w.amount, status: w.status })).sort((a, b) => a.id - b.id)).toEqual(
      m.withdrawals.map((w) => ({ id: w.id, userId: m.users[w.user]!.id, amount: w.amount, status: w.status })).sort((a, b) => a.id - b.id),
    );
    // At most one open withdrawal per user.
    const open = (await t.rows("withdrawals", (w) => inArray(w.status, ["review", "pending", "approved"]))).map((w) => w.userId);
    expect(open.filter((userId, i) => open.indexOf(userId) !== i)).toEqual([]);
    // No banned user has a request open.
    const banned = new Set(m.users.filter((u) => u.banned).map((u) => u.id));
    expect(open.filter((userId) => banned.has(userId))).toEqual([]);

    // 3. Referral bonus: once per referred user, to the bound referrer, only when the referred
    //    user's own completions qualify (follow_channel + 2 daily tasks), and exactly when the model
    //    says it was in the channel at such a completion.
    const referrals = await t.rows("referrals", (r) => inArray(r.referredId, ids));
    const bonuses = await t.rows("ledger", (l) => and(eq(l.reason, "referral_bonus"), inArray(l.refId, ids)));
    for (const [i, u] of m.users.entries()) {
      const bound = referrals.filter((r) => r.referredId === u.id);
      expect(bound.map((b) => b.referrerId)).toEqual(u.referrer === null ? [] : [m.users[u.referrer]!.id]);
      const kinds = completions.filter((c) => c.userId === u.id).map((c) => kindOf(c.taskId));
      const qualifies = kinds.includes("follow_channel") && kinds.filter((k) => k === "daily_activity").length >= 2;
      const paid = bonuses.filter((l) => l.refId === u.id).map((l) => ({ payee: l.userId, amount: l.amount }));
      const expected = u.referrer !== null && u.bonusPaid ? [{ payee: m.users[u.referrer]!.id, amount: 200_000 }] : [];
      expect({ user: i, bonuses: paid }).toEqual({ user: i, bonuses: expected });
      if (u.bonusPaid) expect(qualifies).toBe(true);
      if (u.referrer !== null) expect(bound[0]!.qualifiedAt !== null).toBe(u.bonusPaid);
    }

    // 4. The 10 USDT milestone: at most once per referrer, exactly when the count reached 50.
    for (const u of m.users) {
      const milestones = ledger.filter((l) => l.reason === "referral_milestone" && l.userId === u.id);
      expect(milestones.length).toBeLessThanOrEqual(1);
      expect(milestones.length).toBe(u.qualified >= 50 ? 1 : 0);
      expect(milestones.length).toBe(u.milestones);
      if (milestones.length) expect(milestones[0]!.amount).toBe(10 * U);
    }

    // 5. Daily tasks: at most one paid completion per user, task and UTC day, dated that day.
    const completion = new Map(completions.map((c) => [c.id, c]));
    const paidDays = ledger.filter((l) => l.reason === "daily_task").map((l) => `${l.userId} ${completion.get(l.refId!)?.taskId} ${utcDay(l.createdAt.getTime())}`);
    expect(paidDays.filter((key, i) => paidDays.indexOf(key) !== i)).toEqual([]);
    const misdated = completions.filter((c) => (kindOf(c.taskId) === "daily_activity" ? c.day !== utcDay(c.createdAt.getTime()) : c.day !== "once"));
    expect(misdated.map((c) => c.id)).toEqual([]);
    for (const u of m.users) {
      const paidDaily = ledger.filter((l) => l.reason === "daily_task" && l.userId === u.id).length;
      const dailyRewarded = u.done.filter((key) => {
        const task = m.tasks[Number(key.split(":")[0])]!;
        return task.kind === "daily_activity" && task.reward > 0;
      }).length;
      expect(paidDaily).toBe(dailyRewarded);
    }

    // 6. A link task pays only after the user opened it and its wait had passed.
    const opens = await t.rows("taskOpens", (o) => inArray(o.userId, ids));
    const early = completions.filter((c) => {
      const task = tasks.get(c.taskId);
      if (task?.kind !== "link") return false;
      const opened = opens.find((o) => o.userId === c.userId && o.taskId === c.taskId && o.period === c.day);
      return !opened || c.createdAt.getTime() < opened.openedAt.getTime() + task.waitSeconds * 1000;
    });
    expect(early.map((c) => c.id)).toEqual([]);
  }

  describe("money flows under random operation sequences", () => {
    test("the ledger invariant and the referral, daily-task and link-task rules hold", async () => {
      const stats = { runs: 0, bonuses: 0, milestones: 0, withdrawals: 0, rejected: 0, paid: 0, bursts: 0, linksPaid: 0 };
      const property = fc.asyncProperty(scenario, async (s) => {
        const m = await setUp(s);
        const log: string[] = [];
        for (const o of s.ops) {
          if (o.k === "burst") stats.bursts++;
          await execute(m, o, log);
        }
        clock = m.now;
        await checkAfter(m);
        stats.runs++;
        stats.bonuses += m.users.filter((u) => u.bonusPaid).length;
        stats.milestones += m.users.reduce((n, u) => n + u.milestones, 0);
        stats.withdrawals += m.withdrawals.length;
        stats.rejected += m.withdrawals.filter((w) => w.status === "rejected").length;
        stats.paid += m.withdrawals.filter((w) => w.status === "paid").length;
        stats.linksPaid += m.users.reduce((n, u) => n + u.done.filter((key) => m.tasks[Number(key.split(":")[0])]!.kind === "link").length, 0);
      });
      // The generators must actually reach the interesting states, or the property proves little.
      // The rarest (a withdrawal paid or rejected) comes up a few times in 150 runs, so a batch
      // that missed one is followed by another, up to three; a given seed runs once, as it ran.
      const reached = () =>
        stats.bonuses > 0 && stats.milestones > 0 && stats.withdrawals > 0 && stats.rejected + stats.paid > 0 && stats.bursts > 0 && stats.linksPaid > 0;
      const seed = process.env.PROPERTY_SEED;
      const runs = Number(process.env.PROPERTY_RUNS ?? (engine === "postgres" ? pgRuns : 150));
      for (let batch = 0; batch === 0 || (!seed && batch < 3 && !reached()); batch++) {
        await fc.assert(property, { numRuns: runs, ...(seed && { seed: Number(seed) }) });
      }
      // The whole database: checkLedger on SQLite, checkLedgerPg on PostgreSQL.
      expect((await t.checkLedger()).problems).toEqual([]);
      expect(stats.bonuses).toBeGreaterThan(0);
      expect(stats.milestones).toBeGreaterThan(0);
      expect(stats.withdrawals).toBeGreaterThan(0);
      expect(stats.rejected + stats.paid).toBeGreaterThan(0);
      expect(stats.bursts).toBeGreaterThan(0);
      expect(stats.linksPaid).toBeGreaterThan(0);
      if (process.env.PROPERTY_STATS) console.log(stats);
    }, 120_000);
  });
});
