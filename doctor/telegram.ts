// What refbot setup and the doctor ask Telegram: whether it takes the bot's token, whether the bot
// is an administrator of the channel, and how the bot's updates reach it. A network failure is
// TelegramUnreachable; a refusal is an answer, told in words that say what to do about it.
import { GrammyError, HttpError, type Api } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { WebhookFacts } from "@/domain/doctor.ts";
import { botApi } from "@/bot/telegram-api.ts";
import { describeTelegramError } from "@/bot/telegram-errors.ts";

export class TelegramUnreachable extends Error {
  constructor(apiRoot: string, error: unknown) {
    super(`Telegram could not be reached at ${apiRoot}: ${describeTelegramError(error)}`);
    this.name = "TelegramUnreachable";
  }
}

/** A Bot API client for one check, without the server's status and metrics. */
export const probeApi = (token: string, settings: { apiRoot: string; timeoutSeconds: number }) => botApi(token, settings);

/** Runs a call; Telegram away (network, timeout, its own 5xx) becomes TelegramUnreachable. */
async function ask<T>(api: Api, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError || (error instanceof GrammyError && error.error_code >= 500)) throw new TelegramUnreachable(api.options?.apiRoot ?? "https://api.telegram.org", error);
    throw error;
  }
}

export const botFatherTokenFix = "open @BotFather in Telegram, send /mybots, pick the bot, API Token (or /token), and copy the whole token (123456:ABC…)";

export type TokenProbe = { ok: true; bot: UserFromGetMe } | { ok: false; reason: string };

/** getMe: the bot the token belongs to, or Telegram's refusal (401 Unauthorized for a revoked or mistyped token). */
export async function probeToken(api: Api): Promise<TokenProbe> {
  try {
    return { ok: true, bot: await ask(api, () => api.getMe()) };
  } catch (error) {
    if (error instanceof GrammyError) return { ok: false, reason: `Telegram refused the bot token (${error.error_code} ${error.description})` };
    throw error;
  }
}

export type ChannelProbe = { admin: true; status: string } | { admin: false; reason: string };

/** How to make the bot an administrator, in the steps Telegram's apps show. */
export const channelAdminFix = (channel: string, username: string) =>
  `in Telegram open ${channel}, tap its name, Administrators, Add Admin, search @${username} and save (no extra rights needed); then check again`;

/** getChatMember of the bot itself in the channel: only an administrator can see who is a member. */
export async function probeChannelAdmin(api: Api, channel: string, botId: number): Promise<ChannelProbe> {
  try {
    const member = await ask(api, () => api.getChatMember(channel, botId));
    if (member.status === "administrator" || member.status === "creator") return { admin: true, status: member.status };
    return { admin: false, reason: `the bot is a ${member.status === "left" ? "stranger to" : `${member.status} of`} ${channel}, not an administrator, so every membership check fails` };
  } catch (error) {
    if (!(error instanceof GrammyError)) throw error;
    if (/chat not found/i.test(error.description)) return { admin: false, reason: `Telegram knows no channel ${channel} the bot can see (${error.description}); give its @username or its -100… id` };
    return { admin: false, reason: `Telegram would not tell the bot its place in ${channel} (${error.error_code} ${error.description}): it is not an administrator there` };
  }
}

/** getWebhookInfo, beside the webhook the configuration names (none: long polling). */
export async function webhookFacts(api: Api, configuredUrl: string | undefined): Promise<WebhookFacts> {
  const info = await ask(api, () => api.getWebhookInfo());
  return {
    configuredUrl,
    url: info.url ?? "",
    pendingUpdates: info.pending_update_count ?? 0,
    lastErrorAt: info.last_error_date ? new Date(info.last_error_date * 1000) : null,
    lastErrorMessage: info.last_error_message ?? null,
  };
}
