// refbot db backup: a consistent copy of the database (SQLite's VACUUM INTO, or pg_dump), its
// manifest, its record in the database, and with --keep the older copies it replaces.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { CliError, usageError } from "@/cli/errors.ts";
import { dbOrUrlOption, existingDatabase, localNote, postgresTarget } from "@/cli/local.ts";
import { jsonOption, parse } from "@/cli/options.ts";
import { stderrColors } from "@/cli/output/colors.ts";
import { emit } from "@/cli/output/print.ts";
import { withoutPassword } from "@/db/pg/url.ts";
import { formatUsdt } from "@/domain/money.ts";
import { jsonOnly } from "./shared.ts";

const options = jsonOnly.extend({
  file: z.string().min(1),
  keep: z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(1, "must be at least 1").optional(),
});

export const backup = new Command("backup")
  .description("(server: local database) write a consistent copy of the database and its manifest, safe while serving")
  .argument("<file>", "where to write the copy (must not exist)")
  .option(...dbOrUrlOption)
  .option("--keep <n>", "then remove older backups of the same name pattern, keeping the newest n (this one included)")
  .option(...jsonOption)
  .addHelpText("after", `
${localNote}
Uses SQLite's VACUUM INTO on the live file: one consistent, compacted
snapshot that includes what is still in the WAL; the server keeps serving.
On PostgreSQL it hands over to pg_dump (custom format, for pg_restore), in
a snapshot the ledger check reads too; a managed service's point-in-time
recovery is the better backup there.

Beside the copy goes <file>.manifest.json: when it finished, the engine,
the last migration, the ledger check (users, sum of balances in
micro-USDT), its size and sha256. A good backup is recorded in the database
(backup_runs), which the server's metrics read. A copy whose ledger check
fails is kept, but exits 1 and is neither recorded nor --keep's reason to
remove anything.

--keep n: older backups are the files in the same folder whose name is this
one's with other digits (for refbot-2026-11-27.sqlite: refbot-2026-11-20.sqlite,
not refbot-2026-11-27.sqlite.bak nor other.sqlite); the newest n by
modification time stay, this one always among them, and each removed one
goes with its manifest. The name must hold a date or a number.

Examples:
  $ refbot db backup /var/backups/refbot-$(date +%F).sqlite --keep 7
  crontab, nightly, a week of copies (cron needs % escaped):
  15 3 * * * refbot db backup /var/backups/refbot-$(date +\\%F).sqlite --keep 7
  $ refbot db backup /var/backups/refbot-$(date +%F).dump \\
      --db postgres://refbot@db.internal/refbot --keep 7`)
  .action(async (file: string, rawOptions, command: Command) => {
    const opts = parse(options, rawOptions, { file });
    const target = resolve(opts.file);
    const { siblingPattern } = await import("@/db/backup/retention.ts");
    if (opts.keep !== undefined && !siblingPattern(target)) {
      throw usageError(`--keep: ${opts.file} has no date or number in its name to tell older backups by; name it e.g. refbot-$(date +%F).sqlite`);
    }
    if (existsSync(target)) throw new CliError(`${target} already exists; pick a new file name`);
    const url = postgresTarget(command);
    const source = url ? { engine: "postgres" as const, url } : { engine: "sqlite" as const, path: existingDatabase(command) };
    if (source.engine === "sqlite" && target === resolve(source.path)) throw new CliError("the backup cannot be the database itself");
    const { takeBackup } = await import("@/db/backup/take.ts");
    const { manifestPath } = await import("@/db/backup/manifest.ts");
    const report = await takeBackup(source, target, { keep: opts.keep, now: () => new Date() });
    const { manifest } = report;
    const from = source.engine === "sqlite" ? source.path : withoutPassword(source.url);
    if (report.recorded !== true && manifest.ledger.ok) {
      process.stderr.write(`${stderrColors.yellow("warning:")} the backup is good, but could not be recorded in the database: ${report.recorded.error}\n`);
    }
    emit(
      { source: from, ...report, manifestFile: manifestPath(target), bytes: manifest.bytes, ...(source.engine === "postgres" && { tool: "pg_dump" }) },
      opts,
      (r) =>
        [
          source.engine === "sqlite"
            ? `Backed up ${r.source} to ${r.backup} (${(r.bytes / 1024).toFixed(0)} KiB, integrity ok).`
            : `Backed up ${r.source} to ${r.backup} with pg_dump (${(r.bytes / 1024).toFixed(0)} KiB, custom format: restore with \`refbot db restore\`).`,
          `Schema ${manifest.schemaVersion}; ledger ${manifest.ledger.ok ? "ok" : `FAILED (${manifest.ledger.problems} problem(s))`}: ${manifest.ledger.users} users, ${formatUsdt(BigInt(manifest.ledger.balanceTotal))} USDT in balances.`,
          `Manifest: ${r.manifestFile} (sha256 ${manifest.sha256.slice(0, 16)}…).`,
          ...(r.removed.length ? [`Removed ${r.removed.length} older backup(s) (--keep ${opts.keep}): ${r.removed.join(", ")}.`] : []),
        ].join("\n"),
    );
    if (!manifest.ledger.ok) {
      throw new CliError(`the copy at ${target} fails its ledger check (${manifest.ledger.problems} problem(s)): kept, but not recorded as a good backup and no older one removed; \`refbot db check --db ${target}\` lists them`);
    }
  });
