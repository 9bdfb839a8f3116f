// PostgreSQL's side of the domain's Store (domain/store.ts). A program runs in one transaction
// at READ COMMITTED: every money rule is a conditional UPDATE or an insert guarded by a unique
// index, which PostgreSQL re-checks against the committed row when two writers meet, so the
// stronger levels would add only retries; those it asks for, and those a lost connection calls
// for, are attempts.ts's.
import { pgMigrationsFolder, type PgDb } from "@/db/pg/client.ts";
import { storageWatch } from "@/db/storage-full.ts";
import type { StoreOptions } from "@/db/store-options.ts";
import { silentLog } from "@/observe/log.ts";
import { AppError } from "@/domain/errors.ts";
import { runAwaiting, type DatabaseState, type Program, type Statements, type Store } from "@/domain/store.ts";
import { migrationState } from "@/domain/migrations.ts";
import { appliedSql, appliedTimes, shippedMigrations } from "@/db/migrations.ts";
import { allOrRollBack, pgGroupCommit } from "./group-commit.ts";
import { foldRankMovesEvery } from "./rank-moves.ts";
import { userStatements } from "./users.ts";
import { taskStatements } from "./tasks.ts";
import { adminStatements } from "./admins.ts";
import { adminUserStatements } from "./admin-users.ts";
import { insightStatements } from "./insights.ts";
import { broadcastStatements } from "./broadcast.ts";
import { auditStatements } from "./audit.ts";
import { counterStatements, holdBumps } from "./counters.ts";
import { pipelinedTransaction } from "./transaction.ts";
import { referralStatements } from "./referrals.ts";
import { pgChanges } from "./changes.ts";
import { reachability } from "./reachability.ts";
import { pgLiveness } from "./liveness.ts";
import { ledgerStatements } from "./ledger.ts";
import { clientOf, type PgRunner } from "./runner.ts";
import { askXid, retrying } from "./attempts.ts";
import { withdrawalStatements } from "./withdrawals.ts";
import { riskStatements } from "./risk.ts";
import { backupStatements } from "./backups.ts";
import { settingStatements } from "./settings.ts";
import { instanceStatements } from "./instances.ts";
import { noticeStatements, sendRateStatements } from "./notices.ts";
import { payoutSendStatements } from "./payout-sends.ts";
import { chatSendStatements } from "./chat-sends.ts";

/**
 * Batches of grouped programs running at once, each on a connection of the pool: while one
 * waits for its commit's flush, the next forms and runs. Measured with bench:pg-completions at
 * 32 requests in flight: with 1, batches were largest (15 completions per WAL flush) and cheapest
 * per completion, but PostgreSQL ran one batch at a time on one core; 2 used both for the best
 * rate; 4 and 8 made batches too small to share much.
 */
const groupsInFlight = 2;
/** How often score moves are added into rank_counts (rank-moves.ts): leaderboards read what is left. */
const foldEveryMs = 200;

export function pgStatements(db: PgRunner): Statements {
  return {
    ledger: ledgerStatements(db),
    audit: auditStatements(db),
    withdrawals: withdrawalStatements(db),
    users: userStatements(db),
    tasks: taskStatements(db),
    referrals: referralStatements(db),
    counters: counterStatements(db),
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
  };
}

/**
 * A store that hears every change committed after it is returned (changes.ts). It runs on `first`
 * until that pool is found dead, and then on a new one like it (liveness.ts); `close` closes the
 * pool in use, and `pool` answers it. Every call answers within about the pool's timeout when the
 * database cannot be reached: attempts.ts stops trying once that much time has passed.
 */
export async function pgStore(first: PgDb, { log = silentLog, onBatch }: StoreOptions = {}): Promise<Store & { close(): Promise<void>; pool(): PgDb }> {
  const liveness = pgLiveness(first, { log });
  const clientInUse = { current: () => liveness.db().$client };
  const changes = await pgChanges(clientInUse);
  // What lost the database also lost the listening connection; listen again once it is back.
  const gate = reachability({ onChange: (away) => (away ? changes.lost() : void changes.back().catch(() => {})), log });
  const folding = foldRankMovesEvery((run) => liveness.watch((db) => run(db.$client)), gate, foldEveryMs);
  const storage = storageWatch({ log });
  const options = { budgetMs: first.$pool.timeoutSeconds * 1000, storageFull: storage.refused };
  /** Passes a committed write's value on, telling the storage watch that the disk took it. */
  const afterWrite = <T>(value: T) => (storage.wrote(), value);
  // READ COMMITTED comes with the connection (openPg).
  const inOwnTransaction = <T>(program: Program<T>) =>
    retrying<T>(
      clientInUse,
      gate,
      (attempt) =>
        liveness.watch((db) =>
          db.transaction(async (tx) => {
            askXid(attempt, clientOf(tx));
            const sendBumps = holdBumps(tx);
            const result = await runAwaiting(program(pgStatements(tx)));
            await sendBumps();
            // drizzle sends COMMIT once this returns.
            attempt.committing = { value: result };
            return result;
          }),
        ),
      options,
    ).then(afterWrite);
  const grouped = pgGroupCommit(
    (programs) =>
      retrying<unknown[]>(
        clientInUse,
        gate,
        (attempt) =>
          liveness.watch((db) =>
            pipelinedTransaction(
              db,
              (tx) => {
                // One set of statements for the batch, so that its programs' calls can merge (merge.ts).
                const statements = pgStatements(tx);
                return allOrRollBack(programs.map((program) => runAwaiting(program(statements))));
              },
              attempt,
            ),
          ),
        options,
      ).then(afterWrite),
    inOwnTransaction,
    groupsInFlight,
    onBatch,
  );
  // The statements outside a transaction, made once per pool.
  const poolStatements = new WeakMap<PgDb, Statements>();
  const statementsOutsideTransaction = (db: PgDb) => poolStatements.get(db) ?? poolStatements.set(db, pgStatements(db)).get(db)!;
  const state = (): DatabaseState => (gate.isAway() ? "unavailable" : storage.full() ? "storage_full" : "ok");
  const shipped = shippedMigrations(pgMigrationsFolder);
  return {
    engine: "postgres",
    changes,
    close: () => Promise.all([changes.close(), folding.stop()]).then(() => liveness.close()),
    pool: () => liveness.db(),
    transaction: (program, options) => (options?.grouped ? grouped(program) : inOwnTransaction(program)),
    read: (program) => retrying(clientInUse, gate, () => liveness.watch((db) => runAwaiting(program(statementsOutsideTransaction(db)))), options),
    health: {
      state,
      async ready() {
        let applied: number[];
        try {
          applied = appliedTimes(await retrying(clientInUse, gate, () => liveness.watch((db) => db.$client.unsafe(appliedSql.postgres)), options));
        } catch (error) {
          if (error instanceof AppError && error.status === 503) return { database: "unavailable", migrations: null };
          throw error;
        }
        return { database: state(), migrations: migrationState(applied, shipped) };
      },
    },
  };
}
