// What the bot says. Kept together so the voice stays consistent.
import type { Notice } from "@/domain/notifier.ts";
import { explorer } from "@/domain/rules.ts";

export const texts = {
  welcome: (firstName: string, link: string) =>
    [
      `Welcome, ${firstName}! 👋`,
      "",
      "Earn USDT by completing the daily task, joining our channel and inviting friends.",
      "Press Open App to see your balance and tasks.",
      "",
      `Your referral link: ${link}`,
    ].join("\n"),
  welcomeBack: (firstName: string) => `Welcome back, ${firstName}! Press Open App to continue.`,
  help: "Press Open App to see your balance, tasks, referrals and wallet.",
  openApp: "Open App",
  banned: "Your account is suspended. If you think this is a mistake, please contact support.",
  notice(n: Notice): string {
    switch (n.kind) {
      case "withdrawal_approved":
        return `✅ Your withdrawal of ${n.amount} USDT was approved and will be paid shortly.`;
      case "withdrawal_paid":
        return `💸 Your withdrawal of ${n.amount} USDT was paid.\nTransaction: ${explorer.tx}${n.txHash}`;
      case "withdrawal_rejected":
        return `❌ Your withdrawal of ${n.amount} USDT was rejected: ${n.reason}\nThe amount is back on your balance.`;
      case "referral_qualified":
        return `🎉 Your friend ${n.friend} qualified! You earned ${n.bonus} USDT.`;
    }
  },
};
