// refbot db migrate | check | backup: maintenance on the local SQLite file.
import { existsSync, rmSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { CliError } from "@/cli/errors.ts";
import { dbOption, existingDatabase, localConfig, localNote } from "@/cli/local.ts";
import { jsonOption, parse } from "@/cli/options.ts";
import { colors } from "@/cli/output/colors.ts";
import { emit } from "@/cli/output/print.ts";
import { table } from "@/cli/output/table.ts";

const jsonOnly = z.object({ db: z.string().optional(), json: z.boolean().optional() });

// Loaded inside the actions: the API commands should not load the database layer.
const database = () => import("@/db/client.ts");

const migrate = new Command("migrate")
  .description("(server: local database) apply pending migrations (creates the file if missing)")
  .option(...dbOption)
  .option(...jsonOption)
  .addHelpText("after", `\n${localNote}\n\`npm start\` migrates by itself; this is for upgrades done before a restart.\n\nExample:\n  $ refbot db migrate --db /srv/refbot/data/refbot.sqlite`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(jsonOnly, rawOptions);
    const { databasePath, synchronous } = localConfig(command);
    const { openDb, migrateDb } = await database();
    const db = openDb(databasePath, { synchronous });
    const applied = () => db.sqlite.query("select count(*) as n from sqlite_master where name = '__drizzle_migrations'").get() as { n: number };
    const count = () => (applied().n ? (db.sqlite.query("select count(*) as n from __drizzle_migrations").get() as { n: number }).n : 0);
    try {
      const before = count();
      migrateDb(db);
      const after = count();
      emit({ databasePath, applied: after - before, total: after }, opts, (r) => (r.applied ? `Applied ${r.applied} migration(s) to ${r.databasePath}; ${r.total} in all.` : `${r.databasePath} is up to date (${r.total} migrations).`));
    } finally {
      db.sqlite.close();
    }
  });

const check = new Command("check")
  .description("(server: local database) verify the ledger: every balance equals credits minus debits")
  .option(...dbOption)
  .option(...jsonOption)
  .addHelpText("after", `
${localNote}
Also checks that no balance is negative and that each withdrawal has one
debit and the right refunds. Read-only, safe while the server runs; exits 1
when anything is wrong, listing each problem.

Example:
  $ refbot db check --db /srv/refbot/data/refbot.sqlite`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(jsonOnly, rawOptions);
    const databasePath = existingDatabase(command);
    const { openDb } = await database();
    const { checkLedger } = await import("@/domain/ledger-check.ts");
    const db = openDb(databasePath, { readonly: true });
    const result = (() => {
      try {
        return checkLedger(db);
      } finally {
        db.sqlite.close();
      }
    })();
    const ok = result.problems.length === 0;
    emit({ databasePath, ok, ...result }, opts, (r) =>
      r.ok
        ? `${colors.green("ok")}: ${r.users} users, every balance matches its ledger.`
        : table(["KIND", "ID", "DETAIL"], r.problems.map((p) => [p.kind, p.id, p.detail])),
    );
    if (!ok) throw new CliError(`${result.problems.length} ledger problem(s) in ${result.users} users of ${databasePath}`);
  });

const backup = new Command("backup")
  .description("(server: local database) write a consistent copy of the database, safe while serving")
  .argument("<file>", "where to write the copy (must not exist)")
  .option(...dbOption)
  .option(...jsonOption)
  .addHelpText("after", `
${localNote}
Uses SQLite's VACUUM INTO on the live file: one consistent, compacted
snapshot that includes what is still in the WAL; the server keeps serving.

Examples:
  $ refbot db backup /var/backups/refbot-$(date +%F).sqlite
  crontab, nightly (cron needs % escaped):
  15 3 * * * refbot db backup /var/backups/refbot-$(date +\\%F).sqlite`)
  .action(async (file: string, rawOptions, command: Command) => {
    const opts = parse(jsonOnly.extend({ file: z.string().min(1) }), rawOptions, { file });
    const source = existingDatabase(command);
    const target = resolve(opts.file);
    if (existsSync(target)) throw new CliError(`${target} already exists; pick a new file name`);
    if (target === resolve(source)) throw new CliError("the backup cannot be the database itself");
    // A copy of the database is as private as the database: 0600, in a 0700 folder if new.
    // VACUUM INTO writes into an empty file it finds and keeps that file's mode.
    const { createPrivateFile } = await import("@/db/private-file.ts");
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

export const dbCommand = new Command("db")
  .description("migrate, check the ledger, back up")
  .addCommand(migrate)
  .addCommand(check)
  .addCommand(backup);
