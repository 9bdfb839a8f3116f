// PostgreSQL backups: pg_dump's custom format (for pg_restore), taken in a snapshot this process
// exports and holds open, so the ledger check and the migrations read for the manifest are those
// of the very rows in the file while the fleet keeps serving.
import { rmSync } from "node:fs";
import type { SQL } from "bun";
import { drizzle } from "drizzle-orm/bun-sql";
import { appliedOnPg, shippedMigrations } from "@/db/migrations.ts";
import { pgClient, pgMigrationsFolder } from "@/db/pg/client.ts";
import { checkLedgerPg } from "@/db/pg/store/ledger.ts";
import { withoutPassword } from "@/db/pg/url.ts";
import { createPrivateFile } from "@/db/sqlite/private-file.ts";
import { migrationState } from "@/domain/migrations.ts";
import { BackupFailed } from "./errors.ts";
import type { DatabaseFacts } from "./sqlite.ts";

/** Runs a PostgreSQL client program (pg_dump, pg_restore), answering its exit code and stderr. */
export async function runClientTool(args: string[], options: { stdout?: "pipe" | "ignore" } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  let proc;
  try {
    proc = Bun.spawn(args, { stdin: "ignore", stdout: options.stdout ?? "pipe", stderr: "pipe" });
  } catch {
    throw new BackupFailed(`${args[0]} is not installed (apt-get install postgresql-client)`);
  }
  const [stdout, stderr, code] = await Promise.all([proc.stdout ? new Response(proc.stdout).text() : "", new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

/** The major version of a client program, from its --version ("pg_dump (PostgreSQL) 15.20 …"). */
async function clientMajor(tool: string): Promise<number> {
  const { stdout } = await runClientTool([tool, "--version"]);
  return Number(stdout.match(/\)\s+(\d+)/)?.[1] ?? Number.NaN);
}

const firstLine = (text: string) => text.trim().split("\n")[0] ?? "";

/**
 * pg_dump refuses a server of a newer major version than its own, after connecting; compared
 * first, so the message says which client to install.
 */
async function clientFitsServer(sql: SQL, tool: string): Promise<void> {
  const [{ num }] = await sql`select current_setting('server_version_num')::int as num`;
  const server = Math.floor(num / 10_000);
  const client = await clientMajor(tool);
  if (!(client >= server)) {
    throw new BackupFailed(`${tool} is PostgreSQL ${client}'s, older than the server's ${server}: install the client of the server's version (apt-get install postgresql-client-${server})`);
  }
}

/** Dumps the database at `url` into `target` (0600) and answers what the dump holds; leaves no file when it fails. */
export async function pgDumpChecked(url: string, target: string): Promise<DatabaseFacts> {
  const where = withoutPassword(url);
  const sql = pgClient(url, { max: 1, connection: { application_name: "refbot backup" } });
  createPrivateFile(target);
  try {
    return await sql.begin("isolation level repeatable read read only", async (tx) => {
      await clientFitsServer(tx, "pg_dump");
      const [{ snapshot }] = await tx`select pg_export_snapshot() as snapshot`;
      const ledger = await checkLedgerPg(drizzle({ client: tx as SQL }));
      const migrations = migrationState(await appliedOnPg(tx), shippedMigrations(pgMigrationsFolder));
      const dump = await runClientTool(["pg_dump", "--format=custom", `--snapshot=${snapshot}`, `--file=${target}`, `--dbname=${url}`]);
      if (dump.code !== 0) throw new BackupFailed(`pg_dump of ${where} failed: ${firstLine(dump.stderr)}`);
      return { ledger, migrations };
    });
  } catch (error) {
    rmSync(target, { force: true });
    if (error instanceof BackupFailed) throw error;
    throw new BackupFailed(`pg_dump of ${where} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await sql.close();
  }
}
