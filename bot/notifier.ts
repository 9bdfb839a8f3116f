// Sends notices about money to users, each in the user's language. Fire and forget: the admin
// action that caused a notice has already committed, and a user who blocked the bot must not
// make it fail.
import type { Api } from "grammy";
import { defaultLanguage, type Language } from "@/domain/i18n/languages.ts";
import type { Notifier } from "@/domain/notifier.ts";
import { silentLog, type Log } from "@/observe/log.ts";
import { texts } from "./texts.ts";

export type NotifierOptions = {
  /** The language a Telegram user reads (languageOfTgUser); English when left out. */
  languageOf?: (tgId: number) => Promise<Language>;
  log?: Log;
};

export function botNotifier(api: Api, { languageOf = async () => defaultLanguage, log = silentLog }: NotifierOptions = {}): Notifier & { idle(): Promise<void> } {
  const inFlight = new Set<Promise<unknown>>();
  return {
    notify(notice) {
      const sending = languageOf(notice.tgId)
        .catch((error: Error) => {
          // The notice still goes out, in English, rather than not at all.
          log.warn({ tgId: notice.tgId, error: error.message }, "no language known for a notice: notifying in English");
          return defaultLanguage;
        })
        .then((language) => api.sendMessage(notice.tgId, texts.notice(notice, language), { link_preview_options: { is_disabled: true } }))
        .catch((error: Error) => log.warn({ tgId: notice.tgId, kind: notice.kind, error: error.message }, "could not notify a user"))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    /** Resolves when every notice sent so far has been delivered or given up (tests, shutdown). */
    async idle() {
      await Promise.all(inFlight);
    },
  };
}
