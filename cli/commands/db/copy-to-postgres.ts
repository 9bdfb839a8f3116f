// refbot db copy-to-postgres: the SQLite database into an empty PostgreSQL database, then its ledger check.
import { Command } from "commander";
import { z } from "zod";
import { CliError, usageError } from "@/cli/errors.ts";
import { existingDatabase, localNote, postgresUrl } from "@/cli/local.ts";
import { jsonOption, parse } from "@/cli/options.ts";
import { emit } from "@/cli/output/print.ts";
import { table } from "@/cli/output/table.ts";
import type { TableCopy } from "@/db/pg/copy-from-sqlite.ts";
import { withoutPassword } from "@/db/pg/url.ts";
import { checkPostgres, database, ledgerFailure, ledgerText, onPostgres } from "./shared.ts";

export const copyToPostgres = new Command("copy-to-postgres")
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
