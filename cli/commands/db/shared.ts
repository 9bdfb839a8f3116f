// What the db commands share: the database layer loaded only when one of them runs, PostgreSQL's
// failures in one line, and the ledger check on either engine with its report.
import { z } from "zod";
import { CliError } from "@/cli/errors.ts";
import { colors } from "@/cli/output/colors.ts";
import { table } from "@/cli/output/table.ts";
import { withoutPassword } from "@/db/pg/url.ts";
import type { LedgerCheck } from "@/domain/ledger-check.ts";

export const jsonOnly = z.object({ db: z.string().optional(), json: z.boolean().optional() });

// Loaded inside the actions: the API commands should not load the database layer.
export const database = () => import("@/db/sqlite/client.ts");
export const postgres = () => import("@/db/pg/client.ts");
const sqliteLedger = () => import("@/db/sqlite/store/ledger.ts");
const postgresLedger = () => import("@/db/pg/store/ledger.ts");

/**
 * Runs `work` on the PostgreSQL database at `url`; a failure there becomes one line naming the
 * database and the server's or the driver's reason, instead of drizzle's statement text.
 */
export async function onPostgres<T>(url: string, work: () => Promise<T>): Promise<T> {
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

export async function checkSqlite(databasePath: string): Promise<LedgerCheck> {
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
export async function checkPostgres(url: string): Promise<LedgerCheck> {
  const { openPg } = await postgres();
  const { checkLedgerPg } = await postgresLedger();
  const db = openPg(url, { max: 1 });
  try {
    return await onPostgres(url, () => checkLedgerPg(db));
  } finally {
    await db.$client.close();
  }
}

export const ledgerText = (r: LedgerCheck) =>
  r.problems.length === 0
    ? `${colors.green("ok")}: ${r.users} users, every balance matches its ledger.`
    : table(["KIND", "ID", "DETAIL"], r.problems.map((p) => [p.kind, p.id, p.detail]));

export const ledgerFailure = (r: LedgerCheck, where: string) => new CliError(`${r.problems.length} ledger problem(s) in ${r.users} users of ${where}`);
