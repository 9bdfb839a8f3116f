// The bot's profile as the product wants it, per language: its commands, its description (the
// "What can this bot do?" text of an empty chat) and its short description (its profile page, and
// what travels with a shared link), all from the catalogues; and the menu button that opens the
// mini app, which Telegram keeps once for every language.
import type { BotCommand, MenuButtonWebApp } from "grammy/types";
import type { Deps } from "@/domain/context.ts";
import { say, type BotMessage } from "@/domain/i18n/bot.ts";
import { defaultLanguage, type Language } from "@/domain/i18n/languages.ts";

/** Telegram's limits (Bot API: setMyDescription, setMyShortDescription, BotCommand). */
export const profileLimits = { description: 512, shortDescription: 120, commandDescription: 256 } as const;

/** The commands users are offered, in the order the menu lists them; each has its catalogue entry `command.<name>`. */
export const commandNames = ["start", "help", "app"] as const;

export type LanguageProfile = { commands: BotCommand[]; description: string; shortDescription: string };

export const commandsFor = (language: Language): BotCommand[] =>
  commandNames.map((command) => ({ command, description: say(language, `command.${command}` satisfies BotMessage) }));

export function profileFor(language: Language, productName: string): LanguageProfile {
  return {
    commands: commandsFor(language),
    description: say(language, "profile.description", { product: productName }),
    shortDescription: say(language, "profile.short_description", { product: productName }),
  };
}

/**
 * The default menu button of every private chat. Telegram has no per-language variant of it, so
 * its label is the default language's. Telegram opens only https mini apps: for any other address
 * (demo, a local server) there is none to set.
 */
export function menuButtonFor(miniAppUrl: string): MenuButtonWebApp | undefined {
  if (!miniAppUrl.startsWith("https://")) return undefined;
  return { type: "web_app", text: say(defaultLanguage, "open_app"), web_app: { url: miniAppUrl } };
}

/** The product's name as users read it, as the operator set it (or its default): read at each use, so a rename reaches the bot at once. */
export const productNameOf = (deps: Pick<Deps, "settings">): string => deps.settings.current().productName;
