// For the server commands: which database file to work on, from --db or the server's own
// configuration (DATABASE_PATH via api/config.ts), exactly as `npm start` would pick it.
import { existsSync } from "node:fs";
import type { Command } from "commander";
import { ConfigError, createConfig, type Config } from "@/api/config.ts";
import { CliError, exitCodes } from "./errors.ts";

export const dbOption = ["--db <file>", "SQLite file (default: DATABASE_PATH, else data/refbot.sqlite)"] as const;

export const localNote = "(server: local database) Runs where the database file is; no API, no login.";

export function localConfig(command: Command): Config {
  const db = command.opts().db as string | undefined;
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
export function existingDatabase(command: Command): string {
  const path = localConfig(command).databasePath;
  if (!existsSync(path)) throw new CliError(`No database at ${path}; give --db or set DATABASE_PATH (only \`refbot db migrate\` creates one)`);
  return path;
}
