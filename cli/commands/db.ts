// refbot db migrate | check | backup | copy-to-postgres: maintenance on the local SQLite file, and
// on a PostgreSQL database where one is named.
import { existsSync, rmSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { CliError, usageError } from "@/cli/errors.ts";
import { dbOrUrlOption, existingDatabase, localConfig, localNote, postgresTarget, postgresUrl } from "@/cli/local.ts";
import { withoutPassword } from "@/db/pg/url.ts";
import { jsonOption, parse } from "@/cli/options.ts";
import { colors } from "@/cli/output/colors.ts";
import { emit } from "@/cli/output/print.ts";
import { table } from "@/cli/output/table.ts";
import type { TableCopy } from "@/db/pg/copy-from-sqlite.ts";
import type { LedgerCheck } from "@/domain/ledger-check.ts";

const jsonOnly = z.object({ db: z.string().optional(), json: z.boolean().optional() });

// Loaded inside the actions: the API commands should not load the database layer.
const database = () => import("@/db/sqlite/client.ts");
const postgres = () => import("@/db/pg/client.ts");
const sqliteLedger = () => import("@/db/sqlite/store/ledger.ts");
const postgresLedger = () => import("@/db/pg/store/ledger.ts");

const migrationSummary = (r: { where: string; applied: number; total: number }) =>
  r.applied ? `Applied ${r.applied} migration(s) to ${r.where}; ${r.total} in all.` : `${r.where} is up to date (${r.total} migrations).`;

const migrate = new Command("migrate")
  .description("(server: local database) apply pending migrations (creates the file if missing)")
  .option(...dbOrUrlOption)
  .option(...jsonOption)
  .addHelpText("after", `\n${localNote}\n\`npm start\` migrates by itself; this is for upgrades done before a restart.\nGiven a postgres:// URL (--db or DATABASE_URL), applies the PostgreSQL\nmigrations there.\n\nExamples:\n  $ refbot db migrate --db /srv/refbot/data/refbot.sqlite\n  $ refbot db migrate --db postgres://refbot@db.internal/refbot`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(jsonOnly, rawOptions);
    const url = postgresTarget(command);
    if (url) {
      const { migratePg } = await postgres();
      const { applied, total } = await onPostgres(url, () => migratePg(url));
      emit({ databaseUrl: withoutPassword(url), applied, total }, opts, (r) => migrationSummary({ where: r.databaseUrl, ...r }));
      return;
    }
    const { databasePath, synchronous } = localConfig(command);
    const { openDb, migrateDb } = await database();
    const db = openDb(databasePath, { synchronous });
    const applied = () => db.sqlite.query("select count(*) as n from sqlite_master where name = '__drizzle_migrations'").get() as { n: number };
    const count = () => (applied().n ? (db.sqlite.query("select count(*) as n from __drizzle_migrations").get() as { n: number }).n : 0);
    try {
      const before = count();
      migrateDb(db);
      const after = count();
      emit({ databasePath, applied: after - before, total: after }, opts, (r) => migrationSummary({ where: r.databasePath, ...r }));
    } finally {
      db.sqlite.close();
    }
  });

/**
 * Runs `work` on the PostgreSQL database at `url`; a failure there becomes one line naming the
 * database and the server's or the driver's reason, instead of drizzle's statement text.
 */
async function onPostgres<T>(url: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const driverError = [error, error instanceof Error ? error.cause : undefined].find(
      (e): e is Error & { errno?: string; code?: string } => e instanceof Error && e.name === "PostgresError",
    );
    if (!driverError) throw error;
    throw new CliError(`PostgreSQL at ${withoutPassword(url)}: ${driverError.message} (${driverError.errno ?? driverError.code})`);
  }
}

async function checkSqlite(databasePath: string): Promise<LedgerCheck> {
  const { openDb } = await database();
  const { checkLedger } = await sqliteLedger();
  const db = openDb(databasePath, { readonly: true });
  try {
    return checkLedger(db);
  } finally {
    db.sqlite.close();
  }
}

/** The ledger check of the PostgreSQL database at `url`, on a connection of its own. */
async function checkPostgres(url: string): Promise<LedgerCheck> {
  const { openPg } = await postgres();
  const { checkLedgerPg } = await postgresLedger();
  const db = openPg(url, { max: 1 });
  try {
    return await onPostgres(url, () => checkLedgerPg(db));
  } finally {
    await db.$client.close();
  }
}

const ledgerText = (r: LedgerCheck) =>
  r.problems.length === 0
    ? `${colors.green("ok")}: ${r.users} users, every balance matches its ledger.`
    : table(["KIND", "ID", "DETAIL"], r.problems.map((p) => [p.kind, p.id, p.detail]));

const ledgerFailure = (r: LedgerCheck, where: string) => new CliError(`${r.problems.length} ledger problem(s) in ${r.users} users of ${where}`);

const check = new Command("check")
  .description("(server: local database) verify the ledger: every balance equals credits minus debits")
  .option(...dbOrUrlOption)
  .option(...jsonOption)
  .addHelpText("after", `
${localNote}
Also checks that no balance is negative and that each withdrawal has one
debit and the right refunds. Read-only, safe while the server runs; exits 1
when anything is wrong, listing each problem. Given a postgres:// URL (--db
or DATABASE_URL), checks that PostgreSQL database.

Examples:
  $ refbot db check --db /srv/refbot/data/refbot.sqlite
  $ DATABASE_URL=postgres://refbot@db.internal/refbot refbot db check`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(jsonOnly, rawOptions);
    const url = postgresTarget(command);
    const where = url ? withoutPassword(url) : existingDatabase(command);
    const result = url ? await checkPostgres(url) : await checkSqlite(where);
    const ok = result.problems.length === 0;
    emit({ [url ? "databaseUrl" : "databasePath"]: where, ok, ...result }, opts, ledgerText);
    if (!ok) throw ledgerFailure(result, where);
  });

const backup = new Command("backup")
  .description("(server: local database) write a consistent copy of the database, safe while serving")
  .argument("<file>", "where to write the copy (must not exist)")
  .option(...dbOrUrlOption)
  .option(...jsonOption)
  .addHelpText("after", `
${localNote}
Uses SQLite's VACUUM INTO on the live file: one consistent, compacted
snapshot that includes what is still in the WAL; the server keeps serving.
On PostgreSQL it hands over to pg_dump (custom format, for pg_restore),
which also takes one consistent snapshot; a managed service's point-in-time
recovery is the better backup there.

Examples:
  $ refbot db backup /var/backups/refbot-$(date +%F).sqlite
  crontab, nightly (cron needs % escaped):
  15 3 * * * refbot db backup /var/backups/refbot-$(date +\\%F).sqlite`)
  .action(async (file: string, rawOptions, command: Command) => {
    const opts = parse(jsonOnly.extend({ file: z.string().min(1) }), rawOptions, { file });
    const postgres = postgresTarget(command);
    const target = resolve(opts.file);
    if (existsSync(target)) throw new CliError(`${target} already exists; pick a new file name`);
    if (postgres) return pgDump(postgres, target, opts);
    const source = existingDatabase(command);
    if (target === resolve(source)) throw new CliError("the backup cannot be the database itself");
    // A copy of the database is as private as the database: 0600, in a 0700 folder if new.
    // VACUUM INTO writes into an empty file it finds and keeps that file's mode.
    const { createPrivateFile } = await import("@/db/sqlite/private-file.ts");
    createPrivateFile(target);
    const { Database } = await import("bun:sqlite");
    const sqlite = new Database(source, { readonly: true });
    try {
      // Waits for a writer that holds the lock instead of failing at once.
      sqlite.run("PRAGMA busy_timeout = 5000");
      sqlite.run("VACUUM INTO ?", [target]);
    } catch (error) {
      // Leave no empty file behind, so the same command can simply be run again.
      rmSync(target, { force: true });
      throw error;
    } finally {
      sqlite.close();
    }
    const copy = new Database(target, { readonly: true });
    const integrity = (copy.query("PRAGMA quick_check").get() as { quick_check: string }).quick_check;
    copy.close();
    if (integrity !== "ok") throw new CliError(`the copy at ${target} failed its integrity check: ${integrity}`);
    const bytes = statSync(target).size;
    emit({ source, backup: target, bytes }, opts, (r) => `Backed up ${r.source} to ${r.backup} (${(r.bytes / 1024).toFixed(0)} KiB, integrity ok).`);
  });

const copyToPostgres = new Command("copy-to-postgres")
  .description("(server: local database) copy the SQLite database into an empty PostgreSQL database, then check its ledger")
  .option("--from <file>", "SQLite file (default: DATABASE_PATH, else data/refbot.sqlite)")
  .option("--to <url>", "postgres:// URL of the database to fill (default: DATABASE_URL)")
  .option(...jsonOption)
  .addHelpText("after", `
${localNote}
Migrates the PostgreSQL database, copies every table in one transaction (ids
kept; all or nothing), moves each id sequence past the copied ids, then runs
the ledger check on the copy. U+0000, which SQLite stores and PostgreSQL
cannot, is taken out of text on the way; the report counts it per column.
Refuses a database that already holds refbot rows: it never merges. Stop the
server first: what it writes after the copy starts is not copied. Exits 1
when refused, or when the check finds problems.

Example:
  $ refbot db copy-to-postgres --from /srv/refbot/data/refbot.sqlite \\
      --to postgres://refbot@db.internal/refbot`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ from: z.string().optional(), to: z.string().optional(), json: z.boolean().optional() }), rawOptions);
    const to = opts.to ?? (process.env.DATABASE_URL || undefined);
    if (to === undefined) throw usageError("--to: give the PostgreSQL database's postgres:// URL, or set DATABASE_URL");
    const url = postgresUrl(to, opts.to === undefined ? "DATABASE_URL" : "--to");
    const from = existingDatabase(command, "from");
    const { openDb } = await database();
    const { copySqliteToPg, NothingCopied } = await import("@/db/pg/copy-from-sqlite.ts");
    // Each page is read once, in order: SQLite's usual large page cache would only hold memory.
    const source = openDb(from, { readonly: true, cacheMb: 8 });
    // A large copy takes minutes: at a terminal, each table is reported as it is done.
    const progress = process.stderr.isTTY ? (t: TableCopy) => process.stderr.write(`${t.table}: ${t.rows} rows in ${t.ms} ms\n`) : undefined;
    const report = await onPostgres(url, () => copySqliteToPg(source, url, { onTable: progress }))
      .catch((error: unknown) => {
        throw error instanceof NothingCopied ? new CliError(`${error.message}; nothing was copied`) : error;
      })
      .finally(() => source.sqlite.close());
    const checkStarted = performance.now();
    const result = await checkPostgres(url);
    const checkMs = Math.round(performance.now() - checkStarted);
    const ok = result.problems.length === 0;
    const rows = report.tables.reduce((sum, t) => sum + t.rows, 0);
    // How many values U+0000 was taken out of, per table.column, for the report and for --json alike.
    const nulsRemoved = Object.fromEntries(report.tables.flatMap((t) => Object.entries(t.nulsRemoved).map(([column, n]) => [`${t.table}.${column}`, n] as const)));
    emit({ from, to: withoutPassword(url), ...report, rows, nulsRemoved, check: { ok, ms: checkMs, ...result } }, opts, (r) =>
      [
        table(["TABLE", "ROWS", "TIME"], r.tables.map((t) => [t.table, t.rows, `${t.ms} ms`]), { align: ["left", "right", "right"] }),
        `Copied ${r.rows} rows in ${r.tables.length} tables from ${r.from} to ${r.to} in ${r.ms} ms (${r.migrationsApplied} migration(s) applied first).`,
        ...nulLine(r.nulsRemoved),
        `Ledger check of the copy (${r.check.ms} ms): ${ledgerText(r.check)}`,
      ].join("\n"),
    );
    if (!ok) throw ledgerFailure(result, `the copy at ${withoutPassword(url)} (\`refbot db check --db ${from}\` tells whether the SQLite file has them too)`);
  });

/** What the copy took U+0000 out of, as one line; none when it found none. */
function nulLine(removed: Record<string, number>): string[] {
  const entries = Object.entries(removed);
  if (entries.length === 0) return [];
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  return [`Removed U+0000, which PostgreSQL cannot store, from ${total} value(s): ${entries.map(([column, n]) => `${column} ${n}`).join(", ")}.`];
}

/** `pg_dump` into a private file: as private as the database it copies. */
async function pgDump(url: string, target: string, opts: { json?: boolean }) {
  const { createPrivateFile } = await import("@/db/sqlite/private-file.ts");
  createPrivateFile(target);
  let why: string | undefined;
  try {
    const dump = Bun.spawnSync(["pg_dump", "--format=custom", `--file=${target}`, `--dbname=${url}`], { stdout: "pipe", stderr: "pipe" });
    if (dump.exitCode !== 0) why = dump.stderr.toString().trim().split("\n")[0];
  } catch {
    why = "pg_dump is not installed (apt-get install postgresql-client)";
  }
  if (why) {
    rmSync(target, { force: true });
    throw new CliError(`pg_dump of ${withoutPassword(url)} failed: ${why}`);
  }
  const bytes = statSync(target).size;
  emit({ source: withoutPassword(url), backup: target, bytes, tool: "pg_dump" }, opts, (r) => `Backed up ${r.source} to ${r.backup} with pg_dump (${(r.bytes / 1024).toFixed(0)} KiB, custom format: restore with pg_restore).`);
}

export const dbCommand = new Command("db")
  .description("migrate, check the ledger, back up, copy to PostgreSQL")
  .addCommand(migrate)
  .addCommand(check)
  .addCommand(backup)
  .addCommand(copyToPostgres);
