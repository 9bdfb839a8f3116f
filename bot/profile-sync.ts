// Brings the bot's profile at Telegram to what the product wants (profile.ts): it reads each
// value first and sends only those that differ, so a restart spends none of the few profile
// changes Telegram allows a bot.
import type { Api } from "grammy";
import type { BotCommand, MenuButton } from "grammy/types";
import { defaultLanguage, languages, type Language } from "@/domain/i18n/languages.ts";
import { menuButtonFor, profileFor } from "./profile.ts";
import { grammySignal } from "./telegram-api.ts";

/**
 * Where a value applies: one language, or `default`, what users of every other language see
 * (Telegram's entry without a language_code), which is kept in the default language.
 */
export type ProfileScope = "default" | Language;
export const profileScopes: readonly ProfileScope[] = ["default", ...languages];

/** A value already as wanted, sent now, or (a dry run) found different and left as it is. */
export type ItemState = "unchanged" | "set" | "differs";

export type ScopeReport = { language: ProfileScope; commands: ItemState; description: ItemState; shortDescription: ItemState };
export type ProfileItem = Exclude<keyof ScopeReport, "language">;
export const profileItems: readonly ProfileItem[] = ["commands", "description", "shortDescription"];
export const profileItemWords: Record<ProfileItem, string> = { commands: "commands", description: "description", shortDescription: "short description" };

/** `skipped`: MINIAPP_URL is not https, so Telegram would refuse the button; what is there stays. */
export type MenuButtonReport = { state: ItemState | "skipped"; url: string; text?: string };

export type ProfileSyncReport = {
  dryRun: boolean;
  languages: ScopeReport[];
  menuButton: MenuButtonReport;
  /** How many values were sent (or, in a dry run, would be). */
  changed: number;
};

export type ProfileSyncOptions = { productName: string; miniAppUrl: string; dryRun?: boolean; signal?: AbortSignal };

const sameCommands = (a: readonly BotCommand[], b: readonly BotCommand[]) =>
  a.length === b.length && a.every((c, i) => c.command === b[i]!.command && c.description === b[i]!.description);

const sameButton = (current: MenuButton, wanted: NonNullable<ReturnType<typeof menuButtonFor>>) =>
  current.type === "web_app" && current.text === wanted.text && current.web_app.url === wanted.web_app.url;

export async function syncBotProfile(api: Api, { productName, miniAppUrl, dryRun = false, signal }: ProfileSyncOptions): Promise<ProfileSyncReport> {
  const cancel = signal && grammySignal(signal);
  const state = (same: boolean): ItemState => (same ? "unchanged" : dryRun ? "differs" : "set");

  const scopes: ScopeReport[] = [];
  for (const scope of profileScopes) {
    const wanted = profileFor(scope === "default" ? defaultLanguage : scope, productName);
    // Without a language_code Telegram reads and writes the default entry.
    const language_code = scope === "default" ? undefined : scope;
    const [commands, { description }, { short_description }] = await Promise.all([
      api.getMyCommands({ language_code }, cancel),
      api.getMyDescription({ language_code }, cancel),
      api.getMyShortDescription({ language_code }, cancel),
    ]);
    const report: ScopeReport = {
      language: scope,
      commands: state(sameCommands(commands, wanted.commands)),
      description: state(description === wanted.description),
      shortDescription: state(short_description === wanted.shortDescription),
    };
    if (report.commands === "set") await api.setMyCommands(wanted.commands, { language_code }, cancel);
    if (report.description === "set") await api.setMyDescription(wanted.description, { language_code }, cancel);
    if (report.shortDescription === "set") await api.setMyShortDescription(wanted.shortDescription, { language_code }, cancel);
    scopes.push(report);
  }

  const button = menuButtonFor(miniAppUrl);
  let menuButton: MenuButtonReport = { state: "skipped", url: miniAppUrl };
  if (button) {
    // Without a chat_id: the default button of every private chat.
    const same = sameButton(await api.getChatMenuButton({}, cancel), button);
    menuButton = { state: state(same), url: miniAppUrl, text: button.text };
    if (menuButton.state === "set") await api.setChatMenuButton({ menu_button: button }, cancel);
  }

  const report = { dryRun, languages: scopes, menuButton };
  return { ...report, changed: changedValues(report).length };
}

/** "ru description", "default commands": each value a sync sent (or, dry, found different). */
export const changedValues = (report: Omit<ProfileSyncReport, "changed">): string[] => [
  ...report.languages.flatMap((s) => profileItems.filter((item) => s[item] !== "unchanged").map((item) => `${s.language} ${profileItemWords[item]}`)),
  ...(report.menuButton.state === "set" || report.menuButton.state === "differs" ? ["menu button"] : []),
];
