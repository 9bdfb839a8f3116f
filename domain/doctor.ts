// What `refbot doctor` and the admin panel's Setup page judge: each check a line that is ok, a
// warning or a failure, with the fix to apply. The facts are gathered outside the domain (the
// configuration, the database, Telegram, the disk: doctor/); what they mean is decided here.
import type { InstanceRow } from "@/domain/model/index.ts";
import type { LedgerCheck } from "./ledger-check.ts";
import type { MigrationState } from "./migrations.ts";
import { instanceRules } from "./instances.ts";

export const checkStatuses = ["ok", "warn", "fail"] as const;
export type CheckStatus = (typeof checkStatuses)[number];

/** One line of the doctor's report; `fix` says what to run or do, on a warning or a failure. */
export type Check = { name: string; status: CheckStatus; message: string; fix: string | null };

export const ok = (name: string, message: string): Check => ({ name, status: "ok", message, fix: null });
export const warn = (name: string, message: string, fix: string): Check => ({ name, status: "warn", message, fix });
export const fail = (name: string, message: string, fix: string): Check => ({ name, status: "fail", message, fix });

export const doctorRules = {
  /** Below this the database's disk fails the check; below the warning size it warns. */
  diskFailBytes: 100 * 1024 ** 2,
  diskWarnBytes: 1024 ** 3,
  /** A nightly backup, with a few hours' slack. */
  backupWarnAfterMs: 26 * 3_600_000,
  /** Updates waiting at Telegram beyond this mean the bot is not taking them. */
  pendingUpdatesWarn: 100,
  /** Telegram's last delivery error counts while it is this recent. */
  webhookErrorRecentMs: 24 * 3_600_000,
} as const;

export type DoctorSummary = { ok: number; warn: number; fail: number };

export function summarize(checks: readonly Check[]): DoctorSummary {
  const counts: DoctorSummary = { ok: 0, warn: 0, fail: 0 };
  for (const check of checks) counts[check.status]++;
  return counts;
}

const migrateFix = "run `refbot db migrate` (or restart the server, which migrates at start)";

export function judgeMigrations(m: MigrationState): Check {
  if (m.unknown > 0) return fail("migrations", `the database has ${m.unknown} migration(s) this build does not ship: a newer build migrated it`, "upgrade this installation to the build that migrated the database");
  if (m.pending.length > 0) return fail("migrations", `${m.pending.length} migration(s) not applied: ${m.pending.join(", ")}`, migrateFix);
  return ok("migrations", `current (${m.version ?? "none"}, ${m.applied} applied)`);
}

export function judgeLedger(r: LedgerCheck): Check {
  if (r.problems.length === 0) return ok("ledger", `${r.users} users, every balance matches its ledger`);
  const first = r.problems[0]!;
  return fail("ledger", `${r.problems.length} problem(s), first: ${first.kind} #${first.id} (${first.detail})`, "run `refbot db check` for the list, and restore the newest good backup if the ledger was damaged (docs/operations.md)");
}

/** Telegram opens a mini app only from an https:// address. */
export const miniAppUrlProblem = (url: string): string | undefined => (url.startsWith("https://") ? undefined : "must be an https:// address: Telegram opens mini apps only over HTTPS");

/** `url` the address the configuration gives the mini app; `bot` whether a bot token is set. */
export function judgeMiniAppUrl(url: string, bot: boolean): Check {
  if (!miniAppUrlProblem(url)) return ok("mini app address", url);
  const fix = "set MINIAPP_URL to the public https:// address of /app (refbot setup --miniapp-url https://…/app)";
  return bot ? fail("mini app address", `${url} is not https://: Telegram opens mini apps only over HTTPS`, fix) : warn("mini app address", `${url} is not https:// (fine for the demo; Telegram needs HTTPS)`, fix);
}

/** What Telegram says of the bot's updates (getWebhookInfo), beside how the configuration receives them. */
export type WebhookFacts = {
  configuredUrl: string | undefined;
  url: string;
  pendingUpdates: number;
  lastErrorAt: Date | null;
  lastErrorMessage: string | null;
};

export function judgeUpdates(f: WebhookFacts, now: Date): Check {
  const name = "updates";
  const restart = "restart the server: it registers the configured mode with Telegram as it starts";
  if (f.configuredUrl && f.url !== f.configuredUrl) {
    return fail(name, `WEBHOOK_URL is ${f.configuredUrl} but Telegram has ${f.url ? `webhook ${f.url}` : "no webhook"}`, restart);
  }
  if (!f.configuredUrl && f.url) return fail(name, `long polling is configured but Telegram has webhook ${f.url}, so polling gets nothing`, `${restart}; or set WEBHOOK_URL=${f.url} if that is meant`);
  const mode = f.configuredUrl ? `webhook ${f.configuredUrl}` : "long polling";
  const recentError = f.lastErrorAt && now.getTime() - f.lastErrorAt.getTime() < doctorRules.webhookErrorRecentMs ? f.lastErrorMessage ?? "unknown error" : undefined;
  if (recentError) {
    return warn(name, `${mode}; Telegram's last delivery failed ${f.lastErrorAt!.toISOString()}: ${recentError}; ${f.pendingUpdates} update(s) waiting`, "make sure WEBHOOK_URL reaches this server through its proxy (curl -I it from outside) and that the server runs");
  }
  if (f.pendingUpdates > doctorRules.pendingUpdatesWarn) return warn(name, `${mode}; ${f.pendingUpdates} updates waiting at Telegram`, "make sure a server is running with this BOT_TOKEN: nothing is taking the updates");
  return ok(name, `${mode}, ${f.pendingUpdates} update(s) waiting`);
}

/**
 * Whether the instances seen lately sign with the JWT secret `own` fingerprints (this process's
 * configuration): a token from one must work on all.
 */
export function judgeFleetSecret(instances: readonly Pick<InstanceRow, "id" | "secretFingerprint">[], own: string | undefined): Check {
  const name = "JWT secret";
  const minutes = instanceRules.goneAfterMs / 60_000;
  const fix = "give every instance the same JWT_SECRET (32+ characters, e.g. `openssl rand -hex 32`) and restart them";
  const reference = own ?? instances[0]?.secretFingerprint;
  const differ = instances.filter((i) => i.secretFingerprint !== reference);
  if (differ.length > 0) {
    const whose = own ? "this configuration's" : "the newest instance's";
    return fail(name, `${differ.length} of ${instances.length} instance(s) seen in the last ${minutes} minutes sign with a different secret than ${whose}: their sign-ins fail on the others`, fix);
  }
  if (instances.length === 0) return ok(name, `no instance seen in the last ${minutes} minutes`);
  return ok(name, `${instances.length} instance(s) seen in the last ${minutes} minutes share one secret`);
}

export function judgeDisk(where: string, freeBytes: number, totalBytes: number): Check {
  const name = "free disk";
  const free = `${formatBytes(freeBytes)} free of ${formatBytes(totalBytes)} beside ${where}`;
  const fix = `free space on the disk of ${where} (old backups, logs), or move the database to a larger disk`;
  if (freeBytes < doctorRules.diskFailBytes) return fail(name, `${free}: writes will soon be refused (STORAGE_FULL)`, fix);
  if (freeBytes < doctorRules.diskWarnBytes) return warn(name, free, fix);
  return ok(name, free);
}

export function judgeBackup(lastSuccess: Date | null, now: Date): Check {
  const name = "backup";
  const fix = "run `refbot db backup /var/backups/refbot/refbot-$(date +%F).sqlite --keep 7` (a .dump on PostgreSQL) and schedule it nightly (docs/operations.md)";
  if (!lastSuccess) return warn(name, "no backup recorded", fix);
  const age = now.getTime() - lastSuccess.getTime();
  const hours = Math.round(age / 360_000) / 10;
  if (age > doctorRules.backupWarnAfterMs) return warn(name, `the newest backup is ${hours} h old (${lastSuccess.toISOString()})`, fix);
  return ok(name, `the newest backup is ${hours} h old`);
}

export function formatBytes(bytes: number): string {
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 && unit > 0 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** Gas for this many transfers at the current gas price is the least the hot wallet should hold. */
export const hotWalletGasTransfers = 50;

/**
 * The hot wallet's float (PAYOUT_KEY_FILE): gas (BNB) for fewer than hotWalletGasTransfers
 * transfers, or less USDT than the largest transfer it may send, is a warning; none of either, a
 * failure, since every send would then fail on chain or be refused.
 */
export function judgeHotWallet(w: { address: string; gasWei: bigint; gasPerTransferWei: bigint; usdt: bigint; usdtDecimals: number; maxTransferMicro: number }, format: (units: bigint, decimals: number) => string): Check[] {
  const fix = `send BNB (gas) and USDT to the hot wallet ${w.address}; \`refbot wallet status\` shows what it holds`;
  const gasNeeded = w.gasPerTransferWei * BigInt(hotWalletGasTransfers);
  const gas =
    w.gasWei < w.gasPerTransferWei
      ? fail("hot wallet gas", `${format(w.gasWei, 18)} BNB: not enough gas for one transfer`, fix)
      : w.gasWei < gasNeeded
        ? warn("hot wallet gas", `${format(w.gasWei, 18)} BNB: gas for fewer than ${hotWalletGasTransfers} transfers (${format(gasNeeded, 18)} BNB at today's gas price)`, fix)
        : ok("hot wallet gas", `${format(w.gasWei, 18)} BNB`);
  const largest = (BigInt(w.maxTransferMicro) * 10n ** BigInt(w.usdtDecimals)) / 1_000_000n;
  const usdt =
    w.usdt === 0n
      ? fail("hot wallet USDT", `${w.address} holds no USDT: every send would fail on chain`, fix)
      : w.usdt < largest
        ? warn("hot wallet USDT", `${format(w.usdt, w.usdtDecimals)} USDT, less than the largest transfer it may send (${format(largest, w.usdtDecimals)})`, fix)
        : ok("hot wallet USDT", `${format(w.usdt, w.usdtDecimals)} USDT`);
  return [gas, usdt];
}
