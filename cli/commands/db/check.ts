// refbot db check: the ledger invariant over the SQLite file or a PostgreSQL database.
import { Command } from "commander";
import { dbOrUrlOption, existingDatabase, localNote, postgresTarget } from "@/cli/local.ts";
import { jsonOption, parse } from "@/cli/options.ts";
import { emit } from "@/cli/output/print.ts";
import { withoutPassword } from "@/db/pg/url.ts";
import { checkPostgres, checkSqlite, jsonOnly, ledgerFailure, ledgerText } from "./shared.ts";

export const check = new Command("check")
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
