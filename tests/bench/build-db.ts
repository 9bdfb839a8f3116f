// Builds a benchmark database of N users with a realistic spread: referral trees skewed toward
// early users, 30 days of daily tasks with streaks, channel joins, referral bonuses and
// milestones, campaign credits, withdrawals in every status. Rows go in through prepared
// statements in large transactions; every balance equals its ledger and every counter its rows,
// so the benchmark measures the same database the product would have.
import { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import { migrateDb, openDb } from "@/db/sqlite/client.ts";
import { addDays, utcDay } from "@/domain/time.ts";

const DAY_MS = 86_400_000;
const M = 1_000_000;
const reward = { daily: 200_000, channel: 500_000, custom: 300_000, bonus: 200_000, milestone: 10 * M, campaign: 20 * M };

/** Small fast deterministic generator (mulberry32). */
export function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type BuildResult = { path: string; users: number; ledgerRows: number; completions: number; withdrawals: number; seconds: number };

export function buildBenchDb(path: string, users: number, now = new Date()): BuildResult {
  const started = performance.now();
  rmSync(path, { force: true });
  rmSync(`${path}-wal`, { force: true });
  rmSync(`${path}-shm`, { force: true });
  const setup = openDb(path);
  migrateDb(setup);
  setup.sqlite.close();

  const db = new Database(path);
  // Build-time settings only: nothing here needs to survive a crash.
  db.run("PRAGMA journal_mode = OFF");
  db.run("PRAGMA synchronous = OFF");
  db.run("PRAGMA foreign_keys = OFF");
  db.run("PRAGMA cache_size = -1000000");
  const rand = random(7);
  const today = utcDay(now);
  const dayStart = (d: string) => Date.parse(`${d}T00:00:00Z`);
  const days = Array.from({ length: 30 }, (_, i) => addDays(today, i - 29));

  db.run(`insert into tasks (id, kind, title, description, reward, is_active, completion_count, created_at) values
    (1, 'daily_activity', 'Daily Check-in', '', ${reward.daily}, 1, 0, ${dayStart(days[0]!)}),
    (2, 'follow_channel', 'Join our Telegram channel', '', ${reward.channel}, 1, 0, ${dayStart(days[0]!)}),
    (3, 'custom', 'Follow us on X', '', ${reward.custom}, 1, 0, ${dayStart(days[0]!)})`);
  // The admin who processed the generated withdrawals; nobody signs in as them.
  db.query("insert into admins (id, email, password_hash, token_version, created_at) values (1, 'payouts@refbot.local', ?, 0, 0)").run(
    Bun.password.hashSync(crypto.randomUUID()),
  );

  const insLedger = db.prepare("insert into ledger (user_id, type, reason, amount, ref_id, note, created_at) values (?, ?, ?, ?, ?, ?, ?)");
  const insCompletion = db.prepare("insert into task_completions (task_id, user_id, day, reward, created_at) values (?, ?, ?, ?, ?)");
  const insReferral = db.prepare("insert into referrals (referred_id, referrer_id, qualified_at, created_at) values (?, ?, ?, ?)");

  // Per-user aggregates, filled while rows are generated and written to users at the end.
  const balance = new Float64Array(users + 1);
  const totalEarned = new Float64Array(users + 1);
  const earnedToday = new Float64Array(users + 1);
  const referralEarned = new Float64Array(users + 1);
  const qualified = new Int32Array(users + 1);
  const invited = new Int32Array(users + 1);
  const tasksDone = new Int32Array(users + 1);
  const dailyDone = new Int32Array(users + 1);
  const joined = new Uint8Array(users + 1);
  const streak = new Int32Array(users + 1);
  const lastDaily = new Int16Array(users + 1).fill(-1);
  const lastActive = new Int16Array(users + 1).fill(-1);
  const regDay = new Int16Array(users + 1);
  const registrations = new Int32Array(30);
  const completionsPerDay = new Int32Array(30);
  const activePerDay = new Int32Array(30);
  let ledgerRows = 0;
  let completions = 0;
  const taskCounts = [0, 0, 0, 0];

  const credit = (user: number, reason: string, amount: number, day: number, refId: number | null) => {
    insLedger.run(user, "credit", reason, amount, refId, null, dayStart(days[day]!) + 3_600_000 + (user % 3_600) * 1000);
    ledgerRows++;
    balance[user]! += amount;
    if (reason !== "admin_adjustment" && reason !== "withdrawal_refund") {
      totalEarned[user]! += amount;
      if (day === 29) earnedToday[user]! += amount;
    }
  };

  const chunk = 20_000;
  for (let from = 1; from <= users; from += chunk) {
    db.transaction(() => {
      for (let u = from; u < Math.min(from + chunk, users + 1); u++) {
        // Registrations over the month, more of them early, so most users have a history.
        const reg = Math.min(29, Math.floor(30 * rand() ** 1.3));
        regDay[u] = reg;
        registrations[reg]!++;
        const referrer = u > 1 && rand() < 0.55 ? 1 + Math.floor((u - 1) * rand() ** 3) : 0;
        if (referrer) {
          invited[referrer]!++;
        }
        const diligence = 0.35 + 0.65 * rand();
        const activeDays = new Set<number>();
        for (let d = reg; d < 30; d++) {
          if (rand() >= diligence) continue;
          insCompletion.run(1, u, days[d]!, reward.daily, dayStart(days[d]!) + 3_600_000);
          completions++;
          taskCounts[1]!++;
          credit(u, "daily_task", reward.daily, d, null);
          dailyDone[u]!++;
          tasksDone[u]!++;
          completionsPerDay[d]!++;
          activeDays.add(d);
          streak[u] = lastDaily[u] === d - 1 ? streak[u]! + 1 : 1;
          lastDaily[u] = d;
        }
        if (rand() < 0.7) {
          insCompletion.run(2, u, "once", reward.channel, dayStart(days[reg]!) + 3_000_000);
          completions++;
          taskCounts[2]!++;
          credit(u, "follow_channel", reward.channel, reg, null);
          joined[u] = 1;
          tasksDone[u]!++;
          completionsPerDay[reg]!++;
          activeDays.add(reg);
        }
        if (rand() < 0.3) {
          insCompletion.run(3, u, "once", reward.custom, dayStart(days[reg]!) + 3_100_000);
          completions++;
          taskCounts[3]!++;
          credit(u, "custom_task", reward.custom, reg, null);
          tasksDone[u]!++;
          completionsPerDay[reg]!++;
          activeDays.add(reg);
        }
        for (const d of activeDays) activePerDay[d]!++;
        lastActive[u] = activeDays.size ? Math.max(...activeDays) : -1;

        const qualifies = referrer && joined[u] && dailyDone[u]! >= 2;
        if (referrer) insReferral.run(u, referrer, qualifies ? dayStart(days[Math.min(29, reg + 1)]!) : null, dayStart(days[reg]!));
        if (qualifies) {
          qualified[referrer]!++;
          const day = Math.max(reg, regDay[referrer]!);
          credit(referrer, "referral_bonus", reward.bonus, day, u);
          referralEarned[referrer]! += reward.bonus;
          if (qualified[referrer] === 50) {
            credit(referrer, "referral_milestone", reward.milestone, day, u);
            referralEarned[referrer]! += reward.milestone;
          }
        }
      }
    })();
  }

  // Campaign credits and withdrawals in every status for one user in a hundred.
  const insWithdrawal = db.prepare("insert into withdrawals (user_id, amount, address, status, tx_hash, fail_reason, processed_by, created_at, processed_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id");
  const insDebit = db.prepare("insert into ledger (user_id, type, reason, amount, ref_id, note, created_at) values (?, 'debit', 'withdrawal', ?, ?, null, ?)");
  const statuses = ["pending", "approved", "paid", "rejected"] as const;
  const wallet = (u: number) => `0x${u.toString(16).padStart(40, "0")}`;
  // A transaction hash pays one withdrawal (a unique index), so each paid one has its own.
  const txHash = (u: number) => `0x${u.toString(16).padStart(64, "0")}`;
  let withdrawalCount = 0;
  db.transaction(() => {
    for (let u = 1; u <= users; u += 100) {
      credit(u, "admin_adjustment", reward.campaign, 20, null);
      const status = statuses[(u / 100) % 4 | 0]!;
      const amount = 10 * M + (u % 7) * M;
      const at = dayStart(days[25]!) + u;
      const { id } = insWithdrawal.get(u, amount, wallet(u), status, status === "paid" ? txHash(u) : null, status === "rejected" ? "Duplicate account" : null, status === "pending" ? null : 1, at, status === "pending" ? null : at + DAY_MS) as { id: number };
      insDebit.run(u, amount, id, at);
      balance[u]! -= amount;
      ledgerRows++;
      if (status === "rejected") {
        credit(u, "withdrawal_refund", amount, 26, id);
      }
      withdrawalCount++;
    }
  })();

  const updUser = db.prepare(`insert into users (id, tg_id, username, first_name, last_name, ref_code, wallet_bep20, balance, total_earned, earned_today, earned_day,
      referral_earned, qualified_referrals, total_invited, tasks_completed, daily_tasks_completed, channel_joined, current_streak, last_daily_day,
      last_active_day, last_activity_at, is_banned, ban_reason, is_active, created_at)
    values (?, ?, ?, ?, null, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, null, 1, ?)`);
  for (let from = 1; from <= users; from += chunk) {
    db.transaction(() => {
      for (let u = from; u < Math.min(from + chunk, users + 1); u++) {
        updUser.run(
          u, 10_000_000 + u, u % 9 === 0 ? null : `user${u}`, `User ${u}`, `R${u.toString(36).toUpperCase().padStart(7, "0")}`,
          u % 100 === 1 || u % 5 === 0 ? wallet(u) : null,
          balance[u]!, totalEarned[u]!, earnedToday[u]!, earnedToday[u]! > 0 ? today : null, referralEarned[u]!, qualified[u]!, invited[u]!,
          tasksDone[u]!, dailyDone[u]!, joined[u]!, streak[u]!, lastDaily[u]! >= 0 ? days[lastDaily[u]!]! : null,
          lastActive[u]! >= 0 ? days[lastActive[u]!]! : null, lastActive[u]! >= 0 ? dayStart(days[lastActive[u]!]!) + 3_600_000 : null,
          dayStart(days[regDay[u]!]!) + (u % 86_400) * 1000,
        );
      }
    })();
  }

  db.transaction(() => {
    const upsertDay = db.prepare("insert into daily_stats (day, registrations, completions, active_users) values (?, ?, ?, ?)");
    for (let d = 0; d < 30; d++) upsertDay.run(days[d]!, registrations[d]!, completionsPerDay[d]!, activePerDay[d]!);
    db.run(`insert into counters (name, value) values ('total_users', ${users}), ('verified_joins', ${joined.reduce((a, b) => a + b, 0)})`);
    // As the rules keep them: the withdrawals in each status (the metrics' gauges).
    db.run(`insert into counters (name, value) select 'withdrawals_' || status, count(*) from withdrawals group by status
      on conflict (name) do update set value = excluded.value`);
    for (const id of [1, 2, 3]) db.run(`update tasks set completion_count = ${taskCounts[id]} where id = ${id}`);
  })();
  db.run("ANALYZE");
  db.run("PRAGMA journal_mode = WAL");
  db.close();
  return { path, users, ledgerRows, completions, withdrawals: withdrawalCount, seconds: (performance.now() - started) / 1000 };
}

/**
 * Fresh daily tasks nobody has done yet, one per title, so every completion in the load test
 * pays; answers their ids in the order of the titles.
 */
export function addBenchTasks(path: string, titles: string[]): number[] {
  const db = new Database(path);
  try {
    const insert = db.prepare("insert into tasks (kind, title, description, reward, is_active, completion_count, created_at) values ('daily_activity', ?, '', 100000, 1, 0, ?) returning id");
    return titles.map((title) => (insert.get(title, Date.now()) as { id: number }).id);
  } finally {
    db.close();
  }
}

if (import.meta.main) {
  const n = Number(process.argv[2] ?? 10_000);
  console.log(buildBenchDb(process.argv[3] ?? "bench-results/bench.sqlite", n));
}
