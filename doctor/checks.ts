// The doctor's checks over what a process has at hand: its configuration, its database, a Bot API
// client and the clock. `refbot doctor` hands in the local ones (local.ts), the server its own for
// the admin panel's Setup page. Each check stands alone: one that throws is a failure of its own
// line, and the others still run.
import { statfsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Api } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Config } from "@/config/env.ts";
import { fail, judgeBackup, judgeDisk, judgeFleetSecret, judgeHotWallet, judgeLedger, judgeMigrations, judgeMiniAppUrl, judgeUpdates, ok, warn, type Check } from "@/domain/doctor.ts";
import { formatTokenUnits, type PayoutChain } from "@/domain/chain.ts";
import { defaultSettings } from "@/domain/settings.ts";
import { settingsFrom } from "@/domain/settings-source.ts";
import { runningInstances, secretFingerprint } from "@/domain/instances.ts";
import { ledgerCheck } from "@/domain/ledger-check.ts";
import type { Store } from "@/domain/store.ts";
import { botFatherTokenFix, channelAdminFix, probeChannelAdmin, probeToken, TelegramUnreachable, webhookFacts } from "./telegram.ts";

export type DoctorInput = {
  config: Config;
  /** The database, opened as it is (not migrated by the doctor); or why it could not be opened. */
  database: { store: Store } | { problem: string; fix: string };
  /** A client for the configured bot token; none in demo mode. */
  api: Api | undefined;
  /** The JWT secret this process signs with, if it has one yet. */
  jwtSecret: string | undefined;
  clock: () => Date;
  /** The payout chain, with the hot wallet when PAYOUT_KEY_FILE is set; or why the key was refused. */
  chain?: PayoutChain | { problem: string };
};

const telegramFix = "check that this machine reaches Telegram (TELEGRAM_API_ROOT, a firewall or proxy in between), then run it again";

/** One check, whatever it meets: an unexpected error is its failure, not the report's end. */
async function guarded(name: string, check: () => Promise<Check | Check[]>): Promise<Check[]> {
  try {
    return [await check()].flat();
  } catch (error) {
    if (error instanceof TelegramUnreachable) return [fail(name, error.message, telegramFix)];
    return [fail(name, error instanceof Error ? error.message : String(error), "see the server's log for more, and run `refbot doctor` on the server")];
  }
}

export async function runDoctor(input: DoctorInput): Promise<Check[]> {
  const { config } = input;
  const checks: Check[] = [ok("configuration", config.demoMode ? "valid (demo mode: no BOT_TOKEN)" : "valid")];
  checks.push(...(await databaseChecks(input)));
  checks.push(...(await botChecks(input)));
  checks.push(judgeMiniAppUrl(config.bot.miniAppUrl, !config.demoMode));
  checks.push(...(await storedChecks(input)));
  checks.push(...(await hotWalletChecks(input)));
  return checks;
}

/** The hot wallet's gas and USDT, when there is one: a send short of either fails on chain. */
async function hotWalletChecks({ config, chain, database }: DoctorInput): Promise<Check[]> {
  if (chain && "problem" in chain) return [fail("hot wallet", chain.problem, "chmod 600 the key file (or correct PAYOUT_KEY_FILE), then restart the server")];
  const wallet = chain?.wallet;
  if (!chain || !wallet) return [];
  return guarded("hot wallet", async () => {
    const [balances, quote] = await Promise.all([wallet.balances(chain.token), wallet.quote()]);
    const rows = "store" in database ? await database.store.read((db) => db.settings.all()) : [];
    const { hotWalletMaxTransfer } = settingsFrom(rows, defaultSettings(config));
    const facts = { address: wallet.address, gasWei: balances.native, gasPerTransferWei: quote.gasPrice * quote.gas, usdt: balances.token, usdtDecimals: chain.decimals, maxTransferMicro: hotWalletMaxTransfer };
    return judgeHotWallet(facts, formatTokenUnits);
  });
}

async function databaseChecks({ database }: DoctorInput): Promise<Check[]> {
  if (!("store" in database)) return [fail("database", database.problem, database.fix)];
  const { store } = database;
  const health = await guarded("database", async () => {
    const { database: state, migrations } = await store.health.ready();
    if (state === "unavailable" || !migrations) return fail("database", "does not answer", "start the database (PostgreSQL: `systemctl status postgresql`) and check DATABASE_URL");
    const answer = state === "storage_full" ? fail("database", "answers, but its disk refused a write (storage full)", "free space on the database's disk") : ok("database", `answers (${store.engine === "postgres" ? "PostgreSQL" : "SQLite"})`);
    return [answer, judgeMigrations(migrations)];
  });
  if (health.some((c) => c.status === "fail")) return health;
  return [...health, ...(await guarded("ledger", async () => judgeLedger(await store.read(ledgerCheck))))];
}

async function botChecks({ config, api, clock }: DoctorInput): Promise<Check[]> {
  if (!api) return [warn("bot token", "not set: demo mode, the bot is off", "run `refbot setup` (it asks for the token BotFather gave you)")];
  let bot: UserFromGetMe | undefined;
  const token = await guarded("bot token", async () => {
    const probe = await probeToken(api);
    if (!probe.ok) return fail("bot token", probe.reason, botFatherTokenFix);
    bot = probe.bot;
    return ok("bot token", `@${probe.bot.username} (id ${probe.bot.id})`);
  });
  const telegramAway = token[0]?.fix === telegramFix;
  const notChecked = (name: string) => fail(name, telegramAway ? "not checked: Telegram could not be reached" : "not checked: the bot token does not work", telegramAway ? telegramFix : botFatherTokenFix);
  const channelId = config.bot.channelId;
  const channel = !bot
    ? [notChecked("channel admin")]
    : !channelId
      ? [fail("channel admin", "CHANNEL_ID is not set, so nobody can be verified as a channel member", "set CHANNEL_ID to the channel's @username or -100… id (refbot setup --channel @yourchannel)")]
      : await guarded("channel admin", async () => {
          const probe = await probeChannelAdmin(api, channelId, bot!.id);
          return probe.admin ? ok("channel admin", `@${bot!.username} is ${probe.status === "creator" ? "the owner" : "an administrator"} of ${channelId}`) : fail("channel admin", probe.reason, channelAdminFix(channelId, bot!.username));
        });
  const updates = !bot ? [notChecked("updates")] : await guarded("updates", async () => judgeUpdates(await webhookFacts(api, config.bot.webhookUrl), clock()));
  return [...token, ...channel, ...updates];
}

async function storedChecks(input: DoctorInput): Promise<Check[]> {
  const { config, database, clock } = input;
  const store = "store" in database ? database.store : undefined;
  const notRead = (name: string) => fail(name, "not checked: the database could not be read", "fix the database check above first");
  const secret = store
    ? await guarded("JWT secret", async () => judgeFleetSecret(await runningInstances({ store, clock }), input.jwtSecret ? secretFingerprint(input.jwtSecret) : undefined))
    : [notRead("JWT secret")];
  const disk = config.databaseUrl
    ? [ok("free disk", "PostgreSQL: its disk is the database server's (the STORAGE_FULL alert watches it)")]
    : await guarded("free disk", async () => {
        const dir = dirname(resolve(config.databasePath));
        const fs = statfsSync(dir);
        return judgeDisk(dir, fs.bavail * fs.bsize, fs.blocks * fs.bsize);
      });
  const backup = store ? await guarded("backup", async () => judgeBackup(await store.read((db) => db.backups.lastSuccess()), clock())) : [notRead("backup")];
  return [...secret, ...disk, ...backup];
}
