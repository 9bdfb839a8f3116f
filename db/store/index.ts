// SQLite's side of the domain's Store (domain/store.ts): its statements, made once per
// connection, and programs run to their end inside one synchronous IMMEDIATE transaction.
import type { Db } from "@/db/client.ts";
import { prepared } from "@/db/prepared.ts";
import { inTransaction } from "@/db/transaction.ts";
import { groupCommit } from "./group-commit.ts";
import { runNow, type Statements, type Store } from "@/domain/store.ts";
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
  }));
}

/** One Store per connection: its caches and change listeners belong to that connection. */
export function sqliteStore(db: Db): Store {
  return prepared(db, "store", () => {
    const statements = sqliteStatements(db);
    return {
      engine: "sqlite",
      transaction: async (program, options) =>
        options?.grouped ? groupCommit(db, () => runNow(program(statements))) : inTransaction(db, () => runNow(program(statements))),
      read: async (program) => runNow(program(statements)),
      changes: sqliteChanges(db),
    };
  });
}
