// The server's catalogue (<lang>/bot.json): what the bot says, and the messages users see in the
// API's error answers. English is the reference every other language translates; a key missing
// from a translation falls back to it rather than failing a reply.
import en from "./en/bot.json" with { type: "json" };
import es from "./es/bot.json" with { type: "json" };
import ru from "./ru/bot.json" with { type: "json" };
import { formatMessage, type Values } from "./format.ts";
import type { Language } from "./languages.ts";

export type BotMessage = keyof typeof en;

const catalogues: Record<Language, Partial<Record<string, string>>> = { en, ru, es };

export function say(language: Language, key: BotMessage, values: Values = {}): string {
  return formatMessage(catalogues[language][key] ?? en[key], values, language);
}

export const isBotMessage = (key: string): key is BotMessage => Object.hasOwn(en, key);
