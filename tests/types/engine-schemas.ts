// Type-level check, run by tests/typecheck.test.ts: every table has the same row types on SQLite
// and on PostgreSQL, so one domain can read and write both, and each table's row is exactly the
// row type the domain declares for it (domain/model). A column added, renamed, retyped or made
// nullable on one engine only, or on both but not in the domain, stops the compile here, naming
// the table.
import type { Table } from "drizzle-orm";
import type * as Model from "@/domain/model/index.ts";
import type * as Pg from "@/db/pg/schema/index.ts";
import type * as Lite from "@/db/sqlite/schema/index.ts";

type TablesOf<M> = { [K in keyof M as M[K] extends Table ? K : never]: M[K] };
type LiteTables = TablesOf<typeof Lite>;
// What only PostgreSQL has (Pg.pgOnly: the slots hot counters are split into, the score moves) is left out.
type PgOnlyTable = "taskCompletionCounts" | "rankMoves";
type PgTables = Omit<TablesOf<typeof Pg>, PgOnlyTable>;
type PgOnlyColumn = "slot";

// SQLite makes an integer primary key optional on insert, as the rowid it could pick itself;
// referrals.referred_id and chat_sends.tg_id are always given (the referred user's id, the chat's
// Telegram id), and PostgreSQL's type says so.
type OptionalOnSqliteOnly = { referrals: "referredId"; chatSends: "tgId" };

type Flat<T> = { [K in keyof T]: T[K] };
type Same<A, B> = (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;
type Loose<K> = K extends keyof OptionalOnSqliteOnly ? OptionalOnSqliteOnly[K] : never;
type Insert<T extends Table, L extends PropertyKey> = Omit<T["$inferInsert"], L> & Required<Pick<T["$inferInsert"], L & keyof T["$inferInsert"]>>;

type Verdict<K> = K extends keyof LiteTables
  ? K extends keyof PgTables
    ? Same<LiteTables[K]["$inferSelect"], Omit<PgTables[K]["$inferSelect"], PgOnlyColumn>> extends false
      ? "select types differ"
      : Same<Insert<LiteTables[K], Loose<K>>, Omit<Insert<PgTables[K], Loose<K>>, PgOnlyColumn>> extends false
        ? "insert types differ"
        : "same"
    : "missing on PostgreSQL"
  : "missing on SQLite";
type Differing = { [K in keyof LiteTables | keyof PgTables as Verdict<K> extends "same" ? never : K]: Verdict<K> };

// Compiles only while Differing is empty.
export const sameRowsOnBothEngines: Record<keyof Differing, never> = {};

// The domain's row type of each table. A table missing here, or one whose rows differ from the
// domain's on either engine, is named in RowsUnlikeTheDomain.
type DomainRows = {
  admins: Model.Admin;
  backupRuns: Model.BackupRun;
  adminAudit: Model.AuditEntry;
  broadcasts: Model.Broadcast;
  broadcastDeliveries: Model.BroadcastDelivery;
  broadcastPace: Model.BroadcastPace;
  ledger: Model.LedgerEntry;
  referrals: Model.Referral;
  dailyStats: Model.DailyStatsRow;
  counters: Model.CounterRow;
  tasks: Model.Task;
  taskCompletions: Model.TaskCompletion;
  taskOpens: Model.TaskOpen;
  users: Model.User;
  withdrawals: Model.Withdrawal;
  rankCounts: Model.RankCount;
  loginThrottle: Model.LoginThrottleRow;
  referralHolds: Model.ReferralHold;
  riskSignals: Model.RiskSignal;
  clientSightings: Model.ClientSighting;
  payoutDays: Model.PayoutDay;
  apiTokens: Model.ApiToken;
  settings: Model.SettingRow;
  instances: Model.InstanceRow;
  notices: Model.NoticeRow;
  payoutSends: Model.PayoutSend;
  payoutWallets: Model.PayoutWallet;
  chatSends: Model.ChatSend;
};

type DomainVerdict<K> = K extends keyof DomainRows
  ? K extends keyof LiteTables
    ? K extends keyof PgTables
      ? Same<LiteTables[K]["$inferSelect"], DomainRows[K]> extends false
        ? "SQLite's rows differ from the domain's"
        : Same<Omit<PgTables[K]["$inferSelect"], PgOnlyColumn>, DomainRows[K]> extends false
          ? "PostgreSQL's rows differ from the domain's"
          : "same"
      : "missing on PostgreSQL"
    : "missing on SQLite"
  : "no row type in domain/model";
type RowsUnlikeTheDomain = {
  [K in keyof LiteTables | keyof PgTables | keyof DomainRows as DomainVerdict<K> extends "same" ? never : K]: DomainVerdict<K>;
};

// Compiles only while RowsUnlikeTheDomain is empty.
export const domainRowsOnBothEngines: Record<keyof RowsUnlikeTheDomain, never> = {};
