// `refbot db restore` on PostgreSQL. The archive is read whole before the database is touched
// (pg_restore lists it and writes every row of it to nowhere, which fails on a damaged or cut
// file), its migrations are read out of it, and the database must be empty of refbot's tables and
// of refbot's connections. Then pg_restore's script runs in one transaction (psql
// --single-transaction), after, with --force, the schemas' old contents are dropped in that same
// transaction: a failure leaves the database as it was. Pending migrations follow, then the ledger check.
import { drizzle } from "drizzle-orm/bun-sql";
import { appliedOnPg, shippedMigrations } from "@/db/migrations.ts";
import { migratePg, pgClient, pgMigrationsFolder } from "@/db/pg/client.ts";
import { checkLedgerPg } from "@/db/pg/store/ledger.ts";
import { withoutPassword } from "@/db/pg/url.ts";
import { migrationState } from "@/domain/migrations.ts";
import { RestoreRefused } from "./errors.ts";
import { dumpRows } from "./pg-dump-rows.ts";
import { runClientTool } from "./pg.ts";
import { fileStart, pgDumpMagic, sqliteMagic, type SqliteRestoreReport } from "./sqlite-restore.ts";

export type PgRestoreReport = Omit<SqliteRestoreReport, "database" | "replaced"> & {
  databaseUrl: string;
  /** How many tables of refbot's --force dropped first; 0 into an empty database. */
  dropped: number;
};

const firstLine = (text: string) => text.trim().split("\n")[0] ?? "";

/** Reads the whole archive; refuses one that is damaged, cut short, or not refbot's. */
async function checkArchive(backup: string): Promise<void> {
  const start = fileStart(backup);
  if (start.startsWith(sqliteMagic)) throw new RestoreRefused("not_a_backup", `${backup} is an SQLite backup: restore it with --db FILE or DATABASE_PATH, without DATABASE_URL`);
  if (!start.startsWith(pgDumpMagic)) throw new RestoreRefused("not_a_backup", `${backup} is not a refbot backup: neither a pg_dump archive nor an SQLite database`);
  const list = await runClientTool(["pg_restore", "--list", backup]);
  if (list.code !== 0) throw new RestoreRefused("corrupt", `${backup} is damaged: ${firstLine(list.stderr)}`);
  if (!/ TABLE public users /.test(list.stdout) || !/ TABLE drizzle __drizzle_migrations /.test(list.stdout)) {
    throw new RestoreRefused("not_a_backup", `${backup} is a pg_dump archive, but not of a refbot database`);
  }
  const whole = await runClientTool(["pg_restore", "--file=/dev/null", backup], { stdout: "ignore" });
  if (whole.code !== 0) throw new RestoreRefused("corrupt", `${backup} is damaged: ${firstLine(whole.stderr)}`);
}

/** Refbot's tables in the database, and other processes of refbot's connected to it. */
async function occupancy(url: string): Promise<{ tables: number; connections: number }> {
  const sql = pgClient(url, { max: 1, connection: { application_name: "refbot restore" } });
  try {
    const [{ tables }] = await sql`select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`;
    // Every pool of the server and of the CLI names its connections "refbot …" (db/pg/client.ts).
    const [{ connections }] = await sql`select count(*)::int as connections from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and application_name like 'refbot %'`;
    return { tables, connections };
  } finally {
    await sql.close();
  }
}

const dropEverything = "drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public; grant usage on schema public to public;";

/** pg_restore's script of the archive, run by psql in one transaction after `before` (SQL), if any. */
async function replay(backup: string, url: string, before: string | undefined): Promise<void> {
  const script = Bun.spawn(["pg_restore", "--no-owner", "--no-privileges", "--file=-", backup], { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const psql = Bun.spawn(["psql", "--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", "--single-transaction", ...(before ? [`--command=${before}`] : []), "--file=-", `--dbname=${url}`], {
    stdin: script.stdout,
    stdout: "ignore",
    stderr: "pipe",
  });
  const [scriptErr, psqlErr, scriptCode, psqlCode] = await Promise.all([new Response(script.stderr).text(), new Response(psql.stderr).text(), script.exited, psql.exited]);
  if (scriptCode !== 0 || psqlCode !== 0) {
    throw new Error(`the restore into ${withoutPassword(url)} failed, and was rolled back: ${firstLine(psqlErr) || firstLine(scriptErr)}`);
  }
}

export async function restorePg(backup: string, url: string, options: { force: boolean }): Promise<PgRestoreReport> {
  const where = withoutPassword(url);
  await checkArchive(backup);
  const shipped = shippedMigrations(pgMigrationsFolder);
  const archived = migrationState((await dumpRows(backup, "drizzle", "__drizzle_migrations")).map((r) => Number(r.created_at)), shipped);
  if (archived.unknown > 0) {
    throw new RestoreRefused("not_a_backup", `${backup} comes from a newer refbot: it has ${archived.unknown} migration(s) this build does not ship; restore it with that build`);
  }
  const { tables, connections } = await occupancy(url);
  if (connections > 0) throw new RestoreRefused("in_use", `${where} has ${connections} connection(s) of a running refbot (a server, or another refbot command): stop it, then restore`);
  if (tables > 0 && !options.force) {
    throw new RestoreRefused("not_empty", `${where} holds ${tables} table(s): restore into an empty database, or give --force to replace what it holds`);
  }
  await replay(backup, url, tables > 0 ? dropEverything : undefined);
  const { applied } = await migratePg(url);
  const sql = pgClient(url, { max: 1, connection: { application_name: "refbot restore" } });
  try {
    const ledger = await checkLedgerPg(drizzle({ client: sql }));
    const now = migrationState(await appliedOnPg(sql), shipped);
    return { databaseUrl: where, backup, dropped: tables, migrations: { backup: archived.version, now: now.version, applied }, ledger };
  } finally {
    await sql.close();
  }
}
