// refbot db: maintenance on the local SQLite file, and on a PostgreSQL database where one is named.
import { Command } from "commander";
import { backup } from "./backup.ts";
import { check } from "./check.ts";
import { copyToPostgres } from "./copy-to-postgres.ts";
import { migrate } from "./migrate.ts";
import { restore } from "./restore.ts";

export const dbCommand = new Command("db")
  .description("migrate, check the ledger, back up and restore, copy to PostgreSQL")
  .addCommand(migrate)
  .addCommand(check)
  .addCommand(backup)
  .addCommand(restore)
  .addCommand(copyToPostgres);
