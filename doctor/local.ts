// The doctor as `refbot doctor` runs it: on this machine's configuration (the environment and
// .env), its database opened as it is, without migrating or creating anything, and a Bot API
// client of its own.
import { existsSync } from "node:fs";
import { ConfigError, createConfig, type Config } from "@/config/env.ts";
import { existingJwtSecret } from "@/config/secret-files.ts";
import { fail, type Check } from "@/domain/doctor.ts";
import type { Store } from "@/domain/store.ts";
import { withoutPassword } from "@/db/pg/url.ts";
import { runDoctor, type DoctorInput } from "./checks.ts";
import { payoutChainFor } from "@/chain/viem-reader.ts";
import { readPayoutKey } from "@/config/payout-key.ts";
import { probeApi } from "./telegram.ts";

type Opened = { database: DoctorInput["database"]; close(): Promise<void> };

async function openAsItIs(config: Config): Promise<Opened> {
  if (config.databaseUrl) {
    const { openPg } = await import("@/db/pg/client.ts");
    const { pgStore } = await import("@/db/pg/store/index.ts");
    const db = openPg(config.databaseUrl, { max: 2, connectionTimeout: config.databaseTimeoutSeconds });
    try {
      const store = await pgStore(db);
      return { database: { store }, close: () => store.close().then(() => db.$client.close()) };
    } catch (error) {
      await db.$client.close();
      const reason = error instanceof Error ? error.message : String(error);
      return { database: { problem: `PostgreSQL at ${withoutPassword(config.databaseUrl)} does not answer: ${reason}`, fix: "start PostgreSQL and check DATABASE_URL (user, host, port, database name)" }, close: async () => {} };
    }
  }
  if (!existsSync(config.databasePath)) {
    return { database: { problem: `no database at ${config.databasePath}`, fix: "run `refbot setup` (or `refbot db migrate`) in the directory the server runs in, or set DATABASE_PATH" }, close: async () => {} };
  }
  const { openDb } = await import("@/db/sqlite/client.ts");
  const { sqliteStore } = await import("@/db/sqlite/store/index.ts");
  const db = openDb(config.databasePath, { readonly: true });
  const store: Store = sqliteStore(db);
  return { database: { store }, close: async () => db.sqlite.close() };
}

/** The payout chain as the server would open it; a key file the server would refuse is the doctor's finding, not its end. */
function localChain(config: Config): DoctorInput["chain"] {
  try {
    return payoutChainFor(config.payouts, config.payouts.keyFile ? readPayoutKey(config.payouts.keyFile) : undefined);
  } catch (error) {
    if (error instanceof ConfigError) return { problem: error.message.replace(/^Invalid configuration:\n\s*/, "") };
    throw error;
  }
}

/** Every check on this machine's configuration; an invalid configuration is the one line there is to say. */
export async function localDoctor(env: Record<string, string | undefined>, clock: () => Date = () => new Date()): Promise<Check[]> {
  let config: Config;
  try {
    config = createConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const problems = error.message.replace(/^Invalid configuration:\n/, "").split("\n").map((l) => l.trim()).join("; ");
    return [fail("configuration", `invalid: ${problems}`, "correct it in .env (or the environment), or run `refbot setup --force`")];
  }
  const opened = await openAsItIs(config);
  try {
    const api = config.bot.token ? probeApi(config.bot.token, config.bot) : undefined;
    return await runDoctor({ config, database: opened.database, api, jwtSecret: existingJwtSecret(config), clock, chain: localChain(config) });
  } finally {
    await opened.close();
  }
}
