// refbot setup's questions: each answer from its flag, else asked at a terminal (the password
// twice, hidden), each checked where it is given: the token and the channel with Telegram, the
// rest with the server's own rules, so nothing the server would refuse is written.
import { ConfigError, createConfig } from "@/config/env.ts";
import { adminPasswordSchema } from "@/domain/admin-password.ts";
import { miniAppUrlProblem } from "@/domain/doctor.ts";
import { rules } from "@/domain/rules.ts";
import { botFatherTokenFix, channelAdminFix, probeApi, probeChannelAdmin, probeToken, TelegramUnreachable } from "@/doctor/telegram.ts";
import type { UserFromGetMe } from "grammy/types";
import { z } from "zod";
import { CliError, exitCodes, usageError } from "@/cli/errors.ts";
import { interactive, prompts, readStdin } from "@/cli/prompts.ts";

export type SetupFlags = {
  botToken?: string;
  channel?: string;
  channelUrl?: string;
  miniappUrl?: string;
  webhookUrl?: string;
  adminEmail?: string;
  adminPasswordStdin?: boolean;
};

export type Answers = {
  bot: UserFromGetMe;
  token: string;
  channel: string;
  channelUrl: string;
  miniAppUrl: string;
  webhookUrl: string | undefined;
  adminEmail: string;
  adminPassword: string;
};

/** What the configuration says of `value` as the variable `key`; undefined when it takes it. */
export function configProblem(key: string, value: string): string | undefined {
  try {
    createConfig({ [key]: value });
    return undefined;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return /:\s*(.*)$/m.exec(error.message.split("\n")[1] ?? "")?.[1] ?? error.message;
  }
}

const emailSchema = z.string().trim().max(320).pipe(z.email("must be an e-mail address"));

/** A Telegram answer the caller cannot act on is the CLI's "Telegram unreachable" exit. */
async function telegram<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof TelegramUnreachable) throw new CliError(`${error.message}. Nothing was changed; run setup again once it answers.`, exitCodes.telegramUnreachable);
    throw error;
  }
}

/** The channel's public link, from its @username; a numeric id needs --channel-url. */
const linkOf = (channel: string) => (channel.startsWith("@") ? `https://t.me/${channel.slice(1)}` : undefined);

/**
 * Gathers and checks every answer. `defaults` are the values the .env already holds, offered at a
 * terminal. Without a terminal every answer must be a flag.
 */
export async function gatherAnswers(flags: SetupFlags, defaults: Map<string, string>, telegramSettings: { apiRoot: string; timeoutSeconds: number }): Promise<Answers> {
  const atTerminal = interactive();
  if (!atTerminal) {
    const missing = [
      ["--bot-token", flags.botToken],
      ["--channel", flags.channel],
      ["--miniapp-url", flags.miniappUrl],
      ["--admin-email", flags.adminEmail],
      ["--admin-password-stdin", flags.adminPasswordStdin],
    ].filter(([, v]) => v === undefined || v === false).map(([name]) => name);
    if (missing.length > 0) throw usageError(`no terminal to ask at: pass ${missing.join(", ")}`);
  }
  const ask = { output: process.stderr };
  const { input, password: passwordPrompt } = atTerminal ? await prompts() : ({} as Awaited<ReturnType<typeof prompts>>);
  const check = (problem: string | undefined, flag: string) => {
    if (problem) throw usageError(`${flag}: ${problem}`);
  };

  // The token: its shape by the configuration's rule, then Telegram's word on it.
  let bot: UserFromGetMe | undefined;
  const tokenProblem = async (value: string): Promise<string | undefined> => {
    if (!value) return "is required";
    const shape = configProblem("BOT_TOKEN", value);
    if (shape) return shape;
    const probe = await telegram(() => probeToken(probeApi(value, telegramSettings)));
    if (!probe.ok) return `${probe.reason}. To get a working one, ${botFatherTokenFix}`;
    bot = probe.bot;
    return undefined;
  };
  let token = flags.botToken?.trim();
  if (token !== undefined) {
    const problem = await tokenProblem(token);
    if (problem) throw new CliError(`--bot-token: ${problem}. Nothing was changed.`, configProblem("BOT_TOKEN", token) ? exitCodes.usage : exitCodes.failure);
  } else {
    // Hidden like a password: the token is the bot's whole identity. Enter keeps the one in .env.
    const kept = defaults.get("BOT_TOKEN");
    const chosen = (v: string) => v.trim() || kept || "";
    const message = kept ? `Bot token (from @BotFather; Enter keeps ${kept.slice(0, 6)}…):` : "Bot token (from @BotFather):";
    token = chosen(await passwordPrompt({ message, mask: true, validate: async (v) => (await tokenProblem(chosen(v))) ?? true }, ask));
  }
  const api = probeApi(token, telegramSettings);
  const me = bot!;

  // The channel: the bot must be an administrator there, or no membership can be checked.
  const channelProblem = async (value: string): Promise<string | undefined> => {
    if (!/^(@[A-Za-z0-9_]{4,}|-100\d+)$/.test(value)) return "must be the channel's @username or its -100… id";
    const answer = await telegram(() => probeChannelAdmin(api, value, me.id));
    return answer.admin ? undefined : `${answer.reason}. To make it one, ${channelAdminFix(value, me.username)}`;
  };
  let channel = flags.channel?.trim();
  if (channel !== undefined) {
    const problem = await channelProblem(channel);
    if (problem) throw new CliError(`--channel: ${problem}. Nothing was changed.`);
  } else {
    channel = (await input({ message: "Channel users join (@username or -100… id; the bot must be an administrator there):", default: defaults.get("CHANNEL_ID"), validate: async (v) => (await channelProblem(v.trim())) ?? true }, ask)).trim();
  }
  let channelUrl = flags.channelUrl?.trim() ?? linkOf(channel);
  if (channelUrl === undefined) {
    if (!atTerminal) throw usageError("--channel-url: give the channel's link (https://t.me/…) with a numeric --channel id");
    channelUrl = (await input({ message: "Channel link users open (https://t.me/…):", default: defaults.get("CHANNEL_URL"), validate: (v) => configProblem("CHANNEL_URL", v.trim()) ?? true }, ask)).trim();
  }
  check(configProblem("CHANNEL_URL", channelUrl), "--channel-url");

  const urlProblem = (value: string) => configProblem("MINIAPP_URL", value) ?? miniAppUrlProblem(value);
  let miniAppUrl = flags.miniappUrl?.trim();
  if (miniAppUrl !== undefined) check(urlProblem(miniAppUrl), "--miniapp-url");
  else miniAppUrl = (await input({ message: "Mini app address (https://your.domain/app):", default: defaults.get("MINIAPP_URL"), validate: (v) => urlProblem(v.trim()) ?? true }, ask)).trim();

  const webhookUrl = flags.webhookUrl?.trim();
  if (webhookUrl !== undefined) check(configProblem("WEBHOOK_URL", webhookUrl), "--webhook-url");

  const emailProblem = (v: string) => emailSchema.safeParse(v).error?.issues[0]?.message;
  let adminEmail = flags.adminEmail?.trim();
  if (adminEmail !== undefined) check(emailProblem(adminEmail), "--admin-email");
  else adminEmail = (await input({ message: "First admin's e-mail:", validate: (v) => emailProblem(v.trim()) ?? true }, ask)).trim();

  const passwordProblem = (v: string) => adminPasswordSchema.safeParse(v).error?.issues[0]?.message;
  let adminPassword: string;
  if (flags.adminPasswordStdin) {
    adminPassword = (await readStdin()).split(/\r?\n/)[0] ?? "";
    check(passwordProblem(adminPassword), "--admin-password-stdin");
  } else {
    adminPassword = await passwordPrompt({ message: `Admin password (${rules.adminPasswordMinLength}+ characters):`, mask: true, validate: (v) => passwordProblem(v) ?? true }, ask);
    const again = await passwordPrompt({ message: "Password again:", mask: true }, ask);
    if (again !== adminPassword) throw usageError("the two passwords differ; nothing was changed");
  }
  return { bot: me, token, channel, channelUrl, miniAppUrl, webhookUrl, adminEmail: adminEmail.toLowerCase(), adminPassword };
}
