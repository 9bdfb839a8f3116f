// The server's start-up steps: open and migrate the database, load or create the secrets kept
// beside it, make sure an admin exists.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { openEngine, type Engine } from "@/db/engine.ts";
import { payoutChainFor } from "@/chain/viem-reader.ts";
import type { Config } from "@/config/env.ts";
import { jwtSecretFile, secretFilePath } from "@/config/secret-files.ts";
import { readPayoutKey } from "@/config/payout-key.ts";
import { ensureAdmin } from "@/domain/admins.ts";
import { baseDeps } from "@/domain/base-deps.ts";
import type { Deps } from "@/domain/context.ts";
import { auditLogged } from "@/observe/audit-log.ts";
import { silentLog, type Log } from "@/observe/log.ts";
import type { Metrics } from "@/observe/metrics/registry.ts";

/**
 * The domain's dependencies on the configured database, migrated, writing to `log` (admin actions
 * as their audit entries are written: observe/audit-log.ts) and telling `metrics` the size of each
 * group commit; close the engine when done.
 */
export async function openDeps(config: Config, log: Log = silentLog, overrides: Partial<Deps<Config>> = {}, metrics?: Metrics): Promise<{ deps: Deps<Config>; engine: Engine }> {
  // A hot wallet's key file readable by others stops the start before the database is touched.
  const key = config.payouts.keyFile ? readPayoutKey(config.payouts.keyFile) : undefined;
  const engine = await openEngine(config, { log: log.child({ component: "database" }), onBatch: metrics?.db.batched });
  // Payouts are checked on chain when BSC_RPC_URL is set, and sent from the hot wallet with PAYOUT_KEY_FILE.
  const chain = payoutChainFor(config.payouts, key);
  return { deps: baseDeps(auditLogged(engine.store, log), config, () => new Date(), { log, chain, ...overrides }), engine };
}

/** A secret file beside the database, created once and readable only by its owner. */
function secretFile(config: Config, name: string, make: () => string): string {
  const file = secretFilePath(config, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const value = make();
  // On PostgreSQL no database file made the folder.
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}

export function jwtSecretFor(config: Config): string {
  return config.jwtSecret ?? secretFile(config, jwtSecretFile, () => randomBytes(32).toString("hex"));
}

/**
 * The secret Telegram sends back with every webhook update. A webhook never runs without one:
 * unless WEBHOOK_SECRET is set, one is generated once and kept, so restarts register the same.
 */
export function webhookSecretFor(config: Config): string {
  return config.bot.webhookSecret ?? secretFile(config, ".webhook-secret", () => randomBytes(32).toString("hex"));
}

export const demoAdminEmail = "admin@refbot.local";

/**
 * The configured admin, or in demo mode a demo admin whose password is kept beside the
 * database so every start can print it. Returns what to tell the operator.
 */
export async function ensureFirstAdmin(deps: Deps<Config>): Promise<{ email: string; password?: string } | undefined> {
  const { admin, demoMode } = deps.config;
  if (admin) {
    await ensureAdmin(deps, admin.email, admin.password);
    return { email: admin.email };
  }
  if (!demoMode) return undefined;
  const password = secretFile(deps.config, ".demo-admin-password", () => randomBytes(9).toString("base64url"));
  await ensureAdmin(deps, demoAdminEmail, password);
  return { email: demoAdminEmail, password };
}
