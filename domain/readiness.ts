// Readiness, for a load balancer: whether this instance can serve now. The database must answer
// (within a few seconds) and hold exactly the migrations this build ships: an instance of an older
// build on a database a newer one migrated, or one whose database lacks a migration, is taken out
// of service. Telegram being away is no reason: the API serves without it, and `bot` says how it is.
import type { BotStatus, Runtime } from "./bot-status.ts";
import type { MigrationState } from "./migrations.ts";
import type { DatabaseState, Store } from "./store.ts";

export type Readiness = {
  ready: boolean;
  database: DatabaseState;
  /** Null when the database could not be asked. */
  migrations: MigrationState | null;
  bot: BotStatus;
  /** Why the instance is not ready; absent when it is. */
  message?: string;
};

const databaseProblem: Record<Exclude<DatabaseState, "ok">, string> = {
  unavailable: "The database could not be reached",
  storage_full: "The database's disk is full: writes are refused",
};

/** What keeps the migrations from being exactly this build's; undefined when they are. */
function migrationProblem(m: MigrationState): string | undefined {
  if (m.unknown > 0) return `The database has ${m.unknown} migration(s) this build does not ship: a newer build migrated it`;
  if (m.pending.length > 0) return `The database lacks ${m.pending.length} migration(s) this build ships: ${m.pending.join(", ")}`;
  return undefined;
}

export async function readiness(store: Pick<Store, "health">, runtime: Runtime): Promise<Readiness> {
  const { database, migrations } = await store.health.ready();
  const bot = runtime.botStatus();
  const message = database !== "ok" ? databaseProblem[database] : migrations ? migrationProblem(migrations) : undefined;
  return message === undefined ? { ready: true, database, migrations, bot } : { ready: false, database, migrations, bot, message };
}
