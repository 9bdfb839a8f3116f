// refbot bot sync: the bot's commands, descriptions and menu button set at Telegram from this
// server's configuration, as the server does at start, sending only what differs.
import { existsSync } from "node:fs";
import { Command } from "commander";
import { GrammyError } from "grammy";
import { z } from "zod";
import { CliError, exitCodes, usageError } from "@/cli/errors.ts";
import { dbOrUrlOption, localConfig, localNote, postgresTarget } from "@/cli/local.ts";
import { jsonOption, parse } from "@/cli/options.ts";
import { emit } from "@/cli/output/print.ts";
import type { Config } from "@/config/env.ts";
import { defaultLanguage } from "@/domain/i18n/languages.ts";
import { defaultProductName } from "@/domain/settings.ts";
import { profileItems, profileItemWords, syncBotProfile, type ProfileSyncReport, type ScopeReport } from "@/bot/profile-sync.ts";
import { botApi } from "@/bot/telegram-api.ts";
import { classifyTelegramError, describeTelegramError } from "@/bot/telegram-errors.ts";

/** The product's name as the server would send it: the operator's setting in the database, if there is a database. */
async function productName(command: Command, config: Config): Promise<{ name: string; note?: string }> {
  const postgres = postgresTarget(command);
  if (!postgres && !existsSync(config.databasePath)) return { name: defaultProductName, note: `No database at ${config.databasePath}: the default product name "${defaultProductName}" is used.` };
  // Loaded here, not at the top: only this command of the group needs the database layer.
  const { openEngine } = await import("@/db/engine.ts");
  const { watchSettings } = await import("@/domain/settings-source.ts");
  const engine = await openEngine({ ...config, databaseUrl: postgres });
  const settings = watchSettings(engine.store, config);
  try {
    await settings.refresh();
    return { name: settings.current().productName };
  } finally {
    settings.stop();
    await engine.close();
  }
}

function scopeLine(scope: ScopeReport, dryRun: boolean): string {
  const label = scope.language === "default" ? `default (${defaultLanguage}, for every other language)` : scope.language;
  const changed = profileItems.filter((item) => scope[item] !== "unchanged").map((item) => profileItemWords[item]);
  return `${label}: ${changed.length === 0 ? "unchanged" : `${dryRun ? "would set" : "set"} ${changed.join(", ")}`}`;
}

function describe(report: ProfileSyncReport): string {
  const { menuButton, dryRun } = report;
  const skipped = menuButton.state === "skipped" ? `menu button: skipped, since MINIAPP_URL (${menuButton.url}) is not https and Telegram opens only https mini apps` : undefined;
  if (report.changed === 0) return [`Nothing to change: the bot's ${skipped ? "commands and descriptions" : "commands, descriptions and menu button"} are as they should be in every language.`, skipped].filter(Boolean).join("\n");
  const button =
    skipped ??
    `menu button: ${menuButton.state === "unchanged" ? "unchanged" : `${dryRun ? "would set" : "set"} "${menuButton.text}" opening ${menuButton.url}`} (one for every language)`;
  const values = `${report.changed} value${report.changed === 1 ? "" : "s"}`;
  const total = dryRun ? `Dry run: ${values} to set; nothing was sent.` : `Sent ${values} to Telegram.`;
  return [...report.languages.map((scope) => scopeLine(scope, dryRun)), button, total].join("\n");
}

/** Telegram's answers a person can act on: a token it refuses, or no Telegram at all (exit 5, try later). */
function telegramFailure(error: unknown): CliError {
  if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404)) {
    return new CliError(`Telegram refused the bot token (${error.error_code}: ${error.description}): check BOT_TOKEN`);
  }
  const failure = classifyTelegramError(error);
  if (failure === "rate_limited") {
    const wait = error instanceof GrammyError ? error.parameters.retry_after : undefined;
    return new CliError(`Telegram asks to wait${wait ? ` ${wait} s` : ""} before more profile changes; run it again later (nothing else was sent)`, exitCodes.telegramUnreachable);
  }
  if (failure === "unavailable") return new CliError(`Telegram's Bot API could not be reached: ${describeTelegramError(error)}; run it again later`, exitCodes.telegramUnreachable);
  return new CliError(`Telegram refused the bot's profile: ${describeTelegramError(error)}`);
}

const sync = new Command("sync")
  .description("(server: local configuration) set the bot's commands, descriptions and menu button at Telegram")
  .option("--dry-run", "only compare: say what differs, send nothing")
  .option(...dbOrUrlOption)
  .option(...jsonOption)
  .addHelpText("after", `
${localNote}
Reads BOT_TOKEN, TELEGRAM_API_ROOT, TELEGRAM_TIMEOUT and MINIAPP_URL as the server
does, and the product's name from the database's settings. For the default entry
(users of any other language, in English) and for each language the bot speaks, it
reads the commands (start, help, app), the description and the short description
from Telegram and sets only those that differ; then the menu button that opens
the mini app, which Telegram keeps once for every language. A MINIAPP_URL that is
not https gets no menu button. The server does the same at every start.
Exit codes: 0 done (or nothing to change), 1 Telegram refused (a wrong BOT_TOKEN
among others), 2 bad usage (no BOT_TOKEN), 5 Telegram unreachable: run it again later.

Examples:
  $ refbot bot sync
  $ refbot bot sync --dry-run --json`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ dryRun: z.boolean().optional(), db: z.string().optional(), json: z.boolean().optional() }), rawOptions);
    const config = localConfig(command);
    const { token, apiRoot, timeoutSeconds, miniAppUrl } = config.bot;
    if (!token) throw usageError("BOT_TOKEN is not set: the bot's profile is kept at Telegram for a bot token");
    const product = await productName(command, config);
    if (product.note) process.stderr.write(`${product.note}\n`);
    const report = await syncBotProfile(botApi(token, { apiRoot, timeoutSeconds }), { productName: product.name, miniAppUrl, dryRun: opts.dryRun }).catch((error) => {
      throw telegramFailure(error);
    });
    emit(report, opts, describe);
  });

export const botCommand = new Command("bot").description("the Telegram bot's profile").addCommand(sync);
