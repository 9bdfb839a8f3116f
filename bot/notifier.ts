// Sends notices about money to users. Fire and forget: the admin action that caused a notice
// has already committed, and a user who blocked the bot must not make it fail.
import type { Api } from "grammy";
import type { Notifier } from "@/domain/notifier.ts";
import { texts } from "./texts.ts";

export function botNotifier(api: Api, log: (line: string) => void = console.error): Notifier & { idle(): Promise<void> } {
  const inFlight = new Set<Promise<unknown>>();
  return {
    notify(notice) {
      const sending = api
        .sendMessage(notice.tgId, texts.notice(notice), { link_preview_options: { is_disabled: true } })
        .catch((error: Error) => log(`bot: could not notify ${notice.tgId} (${notice.kind}): ${error.message}`))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    /** Resolves when every notice sent so far has been delivered or given up (tests, shutdown). */
    async idle() {
      await Promise.all(inFlight);
    },
  };
}
