// refbot db migrate: applies pending migrations to the SQLite file (creating it) or a PostgreSQL database.
import { Command } from "commander";
import { dbOrUrlOption, localConfig, localNote, postgresTarget } from "@/cli/local.ts";
import { jsonOption, parse } from "@/cli/options.ts";
import { emit } from "@/cli/output/print.ts";
import { withoutPassword } from "@/db/pg/url.ts";
import { database, jsonOnly, onPostgres, postgres } from "./shared.ts";

const migrationSummary = (r: { where: string; applied: number; total: number }) =>
  r.applied ? `Applied ${r.applied} migration(s) to ${r.where}; ${r.total} in all.` : `${r.where} is up to date (${r.total} migrations).`;

export const migrate = new Command("migrate")
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
