// SQLite's side of the domain's Store (domain/store.ts): its statements, made once per
// connection, and programs run to their end inside one synchronous IMMEDIATE transaction.
import { migrationsFolder, type Db } from "@/db/sqlite/client.ts";
import { prepared } from "@/db/sqlite/prepared.ts";
import { inTransaction } from "@/db/sqlite/transaction.ts";
import { groupCommit } from "./group-commit.ts";
import { isSqliteStorageFull, storageWatch } from "@/db/storage-full.ts";
import type { StoreOptions } from "@/db/store-options.ts";
import { silentLog } from "@/observe/log.ts";
import { runNow, type DatabaseState, type Statements, type Store } from "@/domain/store.ts";
import { migrationState } from "@/domain/migrations.ts";
import { appliedSql, appliedTimes, shippedMigrations } from "@/db/migrations.ts";
import { userStatements } from "./users.ts";
import { taskStatements } from "./tasks.ts";
import { adminStatements } from "./admins.ts";
import { adminUserStatements } from "./admin-users.ts";
import { insightStatements } from "./insights.ts";
import { broadcastStatements } from "./broadcast.ts";
import { auditStatements } from "./audit.ts";
import { sqliteChanges } from "./changes.ts";
import { counterStatements } from "./counters.ts";
import { referralStatements } from "./referrals.ts";
import { ledgerStatements } from "./ledger.ts";
import { withdrawalStatements } from "./withdrawals.ts";
import { riskStatements } from "./risk.ts";
import { backupStatements } from "./backups.ts";
import { settingStatements } from "./settings.ts";
import { instanceStatements } from "./instances.ts";
import { noticeStatements, sendRateStatements } from "./notices.ts";
import { payoutSendStatements } from "./payout-sends.ts";
import { chatSendStatements } from "./chat-sends.ts";

/** The statements on this connection; inside a transaction they run in it. */
export function sqliteStatements(db: Db): Statements {
  return prepared(db, "statements", () => ({
    ledger: ledgerStatements(db.$client),
    audit: auditStatements(db),
    withdrawals: withdrawalStatements(db),
    users: userStatements(db),
    tasks: taskStatements(db),
    referrals: referralStatements(db),
    counters: counterStatements(db.$client),
    admins: adminStatements(db),
    adminUsers: adminUserStatements(db),
    insights: insightStatements(db),
    broadcast: broadcastStatements(db),
    risk: riskStatements(db),
    backups: backupStatements(db),
    settings: settingStatements(db),
    instances: instanceStatements(db),
    notices: noticeStatements(db),
    sendRate: sendRateStatements(db),
    chatSends: chatSendStatements(db),
    payoutSends: payoutSendStatements(db),
  }));
}

/**
 * One Store per connection: its caches and change listeners belong to that connection. A write the
 * disk has no room for, in a transaction of its own or a group commit, is refused with
 * STORAGE_FULL (storage-full.ts).
 */
export function sqliteStore(db: Db, { log = silentLog, onBatch }: StoreOptions = {}): Store {
  return prepared(db, "store", () => {
    const statements = sqliteStatements(db);
    const storage = storageWatch({ log });
    const write = async <T>(run: () => T | Promise<T>): Promise<T> => {
      try {
        const value = await run();
        storage.wrote();
        return value;
      } catch (error) {
        throw isSqliteStorageFull(error) ? storage.refused() : error;
      }
    };
    const state = (): DatabaseState => (storage.full() ? "storage_full" : "ok");
    const shipped = shippedMigrations(migrationsFolder);
    return {
      engine: "sqlite",
      transaction: (program, options) =>
        write(() => (options?.grouped ? groupCommit(db, () => runNow(program(statements)), onBatch) : inTransaction(db, () => runNow(program(statements))))),
      read: async (program) => runNow(program(statements)),
      changes: sqliteChanges(db),
      health: {
        state,
        async ready() {
          const applied = appliedTimes(db.$client.query<{ at: number }, []>(appliedSql.sqlite).all());
          return { database: state(), migrations: migrationState(applied, shipped) };
        },
      },
    };
  });
}
