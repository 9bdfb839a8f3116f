// For the server commands: which database file to work on, from --db or the server's own
// configuration (DATABASE_PATH via config/env.ts), exactly as `npm start` would pick it; and,
// for the commands that also work on PostgreSQL, which PostgreSQL URL.
import { existsSync } from "node:fs";
import type { Command } from "commander";
import { ConfigError, createConfig, type Config } from "@/config/env.ts";
import { CliError, exitCodes } from "./errors.ts";

export const dbOption = ["--db <file>", "SQLite file (default: DATABASE_PATH, else data/refbot.sqlite)"] as const;
export const dbOrUrlOption = ["--db <file|url>", "SQLite file or postgres:// URL (default: DATABASE_URL if it is a postgres:// URL, else DATABASE_PATH, else data/refbot.sqlite)"] as const;

export const localNote = "(server: local database) Runs where the database file is; no API, no login.";

/** The server's configuration, with the database file from the flag `fileFlag` (--db) when given. */
export function localConfig(command: Command, fileFlag = "db"): Config {
  const db = command.opts()[fileFlag] as string | undefined;
  try {
    return createConfig({ ...process.env, ...(db !== undefined && { DATABASE_PATH: db }) });
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message.replace(/\n\s*/g, " "), exitCodes.usage);
    throw error;
  }
}

/**
 * The database path, which must exist: only `db migrate` creates a database. Any other server
 * command given a wrong path (or run from another directory, where the default path is
 * relative) would otherwise write into a new, empty file and report success.
 */
export function existingDatabase(command: Command, fileFlag = "db"): string {
  const path = localConfig(command, fileFlag).databasePath;
  if (!existsSync(path)) throw new CliError(`No database at ${path}; give --${fileFlag} or set DATABASE_PATH (only \`refbot db migrate\` creates one)`);
  return path;
}

const postgresScheme = /^postgres(ql)?:\/\//i;

/** `value`, from `source` (a flag or a variable), as a PostgreSQL URL; bad usage if it is not one. */
export function postgresUrl(value: string, source: string): string {
  if (!postgresScheme.test(value) || !URL.canParse(value)) throw new CliError(`${source}: must be a postgres:// or postgresql:// URL`, exitCodes.usage);
  return value;
}

/**
 * The PostgreSQL database `db check` and `db migrate` work on instead of the SQLite file: --db
 * given a postgres:// URL, or, without --db, DATABASE_URL holding one. Anything else leaves them
 * on the file, as before.
 */
export function postgresTarget(command: Command): string | undefined {
  const db = command.opts().db as string | undefined;
  const [value, source] = db === undefined ? [process.env.DATABASE_URL, "DATABASE_URL"] : [db, "--db"];
  return value !== undefined && postgresScheme.test(value) ? postgresUrl(value, source) : undefined;
}
