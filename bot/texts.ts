// What the bot says, in the reader's language, from the catalogue (domain/i18n/<lang>/bot.json).
import { say } from "@/domain/i18n/bot.ts";
import type { Language } from "@/domain/i18n/languages.ts";
import { localUsdt, usdt } from "@/domain/money.ts";
import type { Notice } from "@/domain/notices.ts";
import { explorer } from "@/domain/rules.ts";
import { commandsFor } from "./profile.ts";

/** An amount as a notice carries it (the API's text), written the language's way. */
const amount = (text: string, language: Language) => localUsdt(usdt(text), language);

export const texts = {
  /** `channel`: the channel's link as the operator set it now. */
  welcome: (language: Language, firstName: string, link: string, channel: string) => say(language, "welcome", { name: firstName, link, channel }),
  welcomeBack: (language: Language, firstName: string) => say(language, "welcome_back", { name: firstName }),
  help: (language: Language) => say(language, "help"),
  /** /help: what the bot is for, then each command the menu offers with its description, then how to open the app. */
  helpWithCommands: (language: Language, product: string) =>
    [say(language, "help_intro", { product }), commandsFor(language).map((c) => `/${c.command} — ${c.description}`).join("\n"), say(language, "help")].join("\n\n"),
  openApp: (language: Language) => say(language, "open_app"),
  openAppPrompt: (language: Language, product: string) => say(language, "open_app_prompt", { product }),
  /** `support`: where to ask, as the operator set it now. */
  banned: (language: Language, support: string) => say(language, "banned", { support }),
  notice(n: Notice, language: Language): string {
    switch (n.kind) {
      case "withdrawal_approved":
        return say(language, "notice.withdrawal_approved", { amount: amount(n.amount, language) });
      case "withdrawal_paid":
        return say(language, "notice.withdrawal_paid", { amount: amount(n.amount, language), link: `${explorer.tx}${n.txHash}` });
      case "withdrawal_rejected":
        return say(language, "notice.withdrawal_rejected", { amount: amount(n.amount, language), reason: n.reason });
      case "referral_qualified":
        return say(language, "notice.referral_qualified", { friend: n.friend, bonus: amount(n.bonus, language), heldHours: n.heldHours });
    }
  },
};
