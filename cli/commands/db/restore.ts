// refbot db restore: a backup back into place, checked before anything is touched, on SQLite or
// PostgreSQL (db/backup/sqlite-restore.ts, db/backup/pg-restore.ts).
import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { refusalExitCodes, usageError } from "@/cli/errors.ts";
import { dbOrUrlOption, localConfig, localNote, postgresTarget } from "@/cli/local.ts";
import { jsonOption, parse } from "@/cli/options.ts";
import { emit } from "@/cli/output/print.ts";
import type { LedgerCheck } from "@/domain/ledger-check.ts";
import { formatUsdt } from "@/domain/money.ts";
import { jsonOnly, onPostgres } from "./shared.ts";

const options = jsonOnly.extend({ file: z.string().min(1), force: z.boolean().optional() });

const codes = refusalExitCodes;

const migrationLine = (m: { backup: string | null; now: string | null; applied: number }) =>
  m.applied > 0
    ? `The backup was at ${m.backup}, older than this build: applied ${m.applied} migration(s), now at ${m.now}.`
    : `Its schema is this build's (${m.now}).`;

const ledgerLine = (l: LedgerCheck) =>
  l.problems.length === 0
    ? `Ledger ok: ${l.users} users, ${formatUsdt(BigInt(l.balanceTotal))} USDT in balances.`
    : `Ledger check FAILED: ${l.problems.length} problem(s) in ${l.users} users (\`refbot db check\` lists them).`;

export const restore = new Command("restore")
  .description("(server: local database) put a backup back in place of the database, checked first")
  .argument("<file>", "the backup: a `refbot db backup` SQLite copy, or its pg_dump archive on PostgreSQL")
  .option(...dbOrUrlOption)
  .option("--force", "PostgreSQL: replace a database that holds tables (dropped in the restore's own transaction)")
  .option(...jsonOption)
  .addHelpText("after", `
${localNote}
Stop the server first: the restore refuses while any process has the
database open (exit ${codes.in_use}).

SQLite: the backup is copied beside the database and checked there (SQLite's
integrity check, that it is a refbot database not from a newer build, its
ledger), and migrated when it is older than this build, before the database
is touched. The database is then kept as <db>.replaced-<time> (its WAL folded
into it) and the checked copy renamed into its place.
PostgreSQL (--db postgres://… or DATABASE_URL): the archive is read whole
first, then restored with pg_restore into the database, which must hold no
tables unless --force, all in one transaction; then pending migrations, then
the ledger check.

Exit codes: ${codes.missing_file} no such file, ${codes.not_a_backup} not a refbot backup (or one from a newer
build), ${codes.corrupt} damaged file, ${codes.ledger_failed} ledger check failed, ${codes.in_use} database in use (stop
the server), ${codes.not_empty} PostgreSQL database not empty (without --force). Each leaves
everything as it was, except a PostgreSQL restore whose ledger check fails
afterwards (exit ${codes.ledger_failed}), which says so.

Examples:
  $ refbot db restore /var/backups/refbot-2026-11-27.sqlite \\
      --db /srv/refbot/data/refbot.sqlite
  $ refbot db restore /var/backups/refbot-2026-11-27.dump \\
      --db postgres://refbot@db.internal/refbot`)
  .action(async (file: string, rawOptions, command: Command) => {
    const opts = parse(options, rawOptions, { file });
    const backup = resolve(opts.file);
    const url = postgresTarget(command);
    if (!url) {
      if (opts.force) throw usageError("--force: only for PostgreSQL; on SQLite the database replaced is always kept beside it");
      const { restoreSqlite } = await import("@/db/backup/sqlite-restore.ts");
      const report = restoreSqlite(backup, resolve(localConfig(command).databasePath), new Date());
      emit(report, opts, (r) =>
        [
          `Restored ${r.backup} into ${r.database}.`,
          r.replaced ? `The database it replaced is at ${r.replaced}.` : "There was no database there before.",
          migrationLine(r.migrations),
          ledgerLine(r.ledger),
        ].join("\n"),
      );
      return;
    }
    const { restorePg } = await import("@/db/backup/pg-restore.ts");
    const { RestoreRefused } = await import("@/db/backup/errors.ts");
    const report = await onPostgres(url, () => restorePg(backup, url, { force: Boolean(opts.force) }));
    emit(report, opts, (r) =>
      [
        `Restored ${r.backup} into ${r.databaseUrl}${r.dropped ? ` (its ${r.dropped} table(s) dropped first, --force)` : ""}.`,
        migrationLine(r.migrations),
        ledgerLine(r.ledger),
      ].join("\n"),
    );
    if (report.ledger.problems.length > 0) {
      throw new RestoreRefused("ledger_failed", `the database restored at ${report.databaseUrl} fails its ledger check: ${report.ledger.problems.length} problem(s); \`refbot db check\` lists them`);
    }
  });
