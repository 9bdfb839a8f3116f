// The context every bot feature receives: grammY's, plus the language to answer in.
import type { Context } from "grammy";
import type { User as TelegramUser } from "grammy/types";
import type { Language } from "@/domain/i18n/languages.ts";
import { withoutControlCharacters } from "@/domain/text.ts";
import type { TelegramProfile } from "@/domain/users.ts";

export type BotContext = Context & {
  /** The user's choice in the mini app, else Telegram's language_code, else English (set by guard). */
  language: Language;
};

/**
 * What Telegram says of a sender, as registration and profile refreshes take it, with the control
 * characters no stored text may hold taken out, as the mini app's launch data is cleaned.
 */
export const profileOf = (from: TelegramUser): TelegramProfile => ({
  tgId: from.id,
  firstName: withoutControlCharacters(from.first_name),
  lastName: from.last_name && withoutControlCharacters(from.last_name),
  username: from.username && withoutControlCharacters(from.username),
  isPremium: from.is_premium === true,
  languageCode: from.language_code && withoutControlCharacters(from.language_code),
});

/** The text after a command (a /start referral code), cleaned as a sender's names are; undefined when empty. */
export const commandArgument = (match: string): string | undefined => withoutControlCharacters(match) || undefined;
