// The context every bot feature receives: grammY's, plus the language to answer in.
import type { Context } from "grammy";
import type { User as TelegramUser } from "grammy/types";
import type { Language } from "@/domain/i18n/languages.ts";
import type { TelegramProfile } from "@/domain/users.ts";

export type BotContext = Context & {
  /** The user's choice in the mini app, else Telegram's language_code, else English (set by guard). */
  language: Language;
};

/** What Telegram says of a sender, as registration and profile refreshes take it. */
export const profileOf = (from: TelegramUser): TelegramProfile => ({
  tgId: from.id,
  firstName: from.first_name,
  lastName: from.last_name,
  username: from.username,
  isPremium: from.is_premium === true,
  languageCode: from.language_code,
});
