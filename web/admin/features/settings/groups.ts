// How the Settings page lays the settings out: the groups in order with their titles, each
// setting's label, and the server's refusal read back per field.
import type { SettingDto } from "@/api/contract.ts";
import type { SettingGroup } from "@/domain/settings.ts";

export const groupCopy: Record<SettingGroup, { title: string; description: string }> = {
  referrals: { title: "Referrals", description: "What qualifies a referred user, and what the referrer earns." },
  withdrawals: { title: "Withdrawals", description: "The smallest request and the daily payout limits." },
  risk: { title: "Risk", description: "When a user is flagged, and how long referral bonuses are held." },
  broadcasts: { title: "Broadcasts", description: "How fast queued broadcasts go out." },
  links: { title: "Links & name", description: "Where users are sent, and what the product is called." },
};

export const settingLabels: Record<SettingDto["key"], string> = {
  referralBonus: "Referral bonus",
  qualifyingDailyTasks: "Qualifying daily tasks",
  referralTarget: "Milestone: qualified referrals",
  referralMilestone: "Milestone reward",
  minWithdrawal: "Minimum withdrawal",
  payoutDailyLimit: "Daily payout limit (all users)",
  payoutUserDailyLimit: "Daily payout limit (per user)",
  hotWalletMaxTransfer: "Hot wallet: largest transfer",
  hotWalletDailyLimit: "Hot wallet: daily total",
  riskFlagScore: "Risk score that flags",
  referralHoldHours: "Bonus hold",
  broadcastBatch: "Messages per batch",
  broadcastGapMs: "Gap between messages",
  broadcastInterval: "Interval between batches",
  broadcastRate: "Send rate (whole fleet)",
  channelUrl: "Channel link",
  supportUrl: "Support link",
  productName: "Product name",
};

/** A value with its unit, as the page shows defaults. */
export const withUnit = (s: Pick<SettingDto, "unit">, value: string | number) => (s.unit ? `${value} ${s.unit}` : String(value));

/**
 * The server refuses a change as "key: rule; key: rule" (one per bad value, all of them), so each
 * rule is shown under the field it names; a message naming no field of the form is the form's.
 */
export function problemsByField(message: string, keys: readonly string[]): { fields: Record<string, string>; other?: string } {
  const fields: Record<string, string> = {};
  for (const part of message.split("; ")) {
    const at = part.indexOf(": ");
    const key = part.slice(0, at);
    if (at > 0 && keys.includes(key)) fields[key] = part.slice(at + 2);
  }
  return Object.keys(fields).length ? { fields } : { fields, other: message };
}
