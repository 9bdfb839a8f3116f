// The product's words for the codes the server sends: one table per code, so the admin panel, the
// mini app and the CLI name a ledger movement or a task kind alike. The wording follows the spec
// ("Daily Task Reward", "Referral Bonus", "Withdrawal"; a milestone "reward of 10 USDT"). Types
// only from the model, so the web bundles take nothing else; per-language catalogues start here.
import type { LedgerReason, TaskKind } from "@/domain/model/index.ts";

export const ledgerReasonLabels: Record<LedgerReason, string> = {
  daily_task: "Daily Task Reward",
  follow_channel: "Channel Join Reward",
  custom_task: "Task Reward",
  referral_bonus: "Referral Bonus",
  referral_milestone: "Referral Milestone Reward",
  referral_reversal: "Referral Bonus Reversed",
  withdrawal: "Withdrawal",
  withdrawal_refund: "Withdrawal Refund",
  admin_adjustment: "Balance Adjustment",
};

export const taskKindLabels: Record<TaskKind, string> = {
  daily_activity: "Daily Activity",
  follow_channel: "Follow Channel",
  custom: "Custom",
  link: "Open Link",
};

/** A reason's label; a reason newer than this build (a client loaded before a deploy) shows as its code. */
export const ledgerReasonLabel = (reason: string): string => (Object.hasOwn(ledgerReasonLabels, reason) ? ledgerReasonLabels[reason as LedgerReason] : reason);
