// The boundary between the rules and the engines. A rule that reads or writes is written once, as
// a generator over the statements it needs; each engine supplies those statements
// (db/sqlite/store/ for SQLite, db/pg/store/ for PostgreSQL) and runs the generator in its own way:
//
// - SQLite's statements are synchronous, so a program never yields and runs to its end inside one
//   synchronous IMMEDIATE transaction: nothing else can run on the connection in between, which
//   an `await` inside the transaction would allow (another request's reads would see uncommitted
//   rows, and its writes would join the transaction).
// - PostgreSQL's statements are network round trips: each yields its promise, and the runner
//   awaits it and hands the rows back, or throws the error into the program where it stands.
//
// So a rule reads the same on both: `const wallet = yield* db.withdrawals.walletOf(userId)`.
import type { MigrationState } from "./migrations.ts";
import type { DatabaseEngine } from "./model/index.ts";
import type { AdminUserStatements } from "./statements/admin-users.ts";
import type { AdminStatements } from "./statements/admins.ts";
import type { AuditStatements } from "./statements/audit.ts";
import type { BackupStatements } from "./statements/backups.ts";
import type { BroadcastStatements } from "./statements/broadcast.ts";
import type { ChatSendStatements } from "./statements/chat-sends.ts";
import type { CounterStatements } from "./statements/counters.ts";
import type { InsightStatements } from "./statements/insights.ts";
import type { InstanceStatements } from "./statements/instances.ts";
import type { LedgerStatements } from "./statements/ledger.ts";
import type { NoticeStatements, SendRateStatements } from "./statements/notices.ts";
import type { PayoutSendStatements } from "./statements/payout-sends.ts";
import type { ReferralStatements } from "./statements/referrals.ts";
import type { RiskStatements } from "./statements/risk.ts";
import type { SettingStatements } from "./statements/settings.ts";
import type { TaskStatements } from "./statements/tasks.ts";
import type { UserStatements } from "./statements/users.ts";
import type { WithdrawalStatements } from "./statements/withdrawals.ts";

/** One or more statements, giving T. Written `function* () { ... }`, used with `yield*`. */
export type Op<T> = Generator<Promise<unknown>, T, unknown>;

/** An Op over the statements of one transaction. */
export type Program<T> = (db: Statements) => Op<T>;

export type Store = {
  engine: DatabaseEngine;
  /**
   * Runs `program` as one transaction: all of it or nothing. `grouped` lets it share a commit
   * with others that arrive together (SQLite's group commit, for the busiest writes); each is
   * still all or nothing on its own, and its caller hears of it only once it is committed.
   */
  transaction<T>(program: Program<T>, options?: { grouped?: boolean }): Promise<T>;
  /** Runs `program` outside a transaction (each statement on its own), for reads. */
  read<T>(program: Program<T>): Promise<T>;
  changes: ChangeFeed;
  /**
   * The database as this process last found it (`state`, which asks nothing), and as it is now:
   * `ready` reads the applied migrations (one small statement) within a few seconds and compares
   * them with the ones this build ships, read once when the store was made.
   */
  health: { state(): DatabaseState; ready(): Promise<DatabaseCheck> };
};

/** The database now, and its migrations beside this build's; null when it could not be asked. */
export type DatabaseCheck = { database: DatabaseState; migrations: MigrationState | null };

/** "unavailable": it could not be reached; "storage_full": its disk refused a write. */
export type DatabaseState = "ok" | "unavailable" | "storage_full";

/**
 * Written rows, for what a process keeps in memory (signed-in users, the active tasks) to drop.
 * SQLite: what this connection writes, as it is written, and another process's commit within a
 * second (`poll` asks, at most once a second). PostgreSQL: what any instance commits, pushed
 * within milliseconds of the commit; `poll` has nothing to ask.
 */
export type ChangeFeed = {
  /**
   * Whether signed-in users may be kept between requests. On SQLite the update hook names every
   * users row written, for nothing. On PostgreSQL a notice per write would serialize the commits
   * of every completion (NOTIFY holds a lock through the commit), so users are read each time.
   */
  keepsUsers: boolean;
  /** `id` of each users row written, or undefined when any may have changed unseen. */
  onUsers(listener: (id: number | undefined) => void): void;
  /** Any change to the tasks users see, but to their completion counts (domain/tasks.ts: ActiveTaskCache). */
  onTasks(listener: () => void): void;
  poll(): void;
  /**
   * Whether what is read now may be kept: not inside a transaction that may still roll back
   * (SQLite: a read on the connection during one), and changes are being heard (PostgreSQL: not
   * while the listening connection is down).
   */
  settled(): boolean;
};

/** What the rules need from a database, one set of statements per area (statements/). */
export type Statements = {
  ledger: LedgerStatements;
  audit: AuditStatements;
  withdrawals: WithdrawalStatements;
  users: UserStatements;
  tasks: TaskStatements;
  referrals: ReferralStatements;
  counters: CounterStatements;
  admins: AdminStatements;
  adminUsers: AdminUserStatements;
  insights: InsightStatements;
  broadcast: BroadcastStatements;
  risk: RiskStatements;
  backups: BackupStatements;
  instances: InstanceStatements;
  settings: SettingStatements;
  notices: NoticeStatements;
  sendRate: SendRateStatements;
  chatSends: ChatSendStatements;
  payoutSends: PayoutSendStatements;
};

/** Runs a program whose statements never wait (SQLite's), to its end, now. */
export function runNow<T>(op: Op<T>): T {
  const step = op.next();
  if (!step.done) throw new Error("a statement waited where the engine runs synchronously");
  return step.value;
}

/** Runs a program whose statements wait (PostgreSQL's): each yielded promise is awaited in turn. */
export async function runAwaiting<T>(op: Op<T>): Promise<T> {
  let step = op.next();
  while (!step.done) {
    let answer: unknown;
    try {
      answer = await step.value;
    } catch (error) {
      // Thrown where the statement stands, so the rule's own try/catch sees it.
      step = op.throw(error);
      continue;
    }
    step = op.next(answer);
  }
  return step.value;
}

/** A statement that waits, as an Op: what PostgreSQL's statements are made of. */
export function* awaiting<T>(promise: PromiseLike<T>): Op<T> {
  return (yield Promise.resolve(promise)) as T;
}
