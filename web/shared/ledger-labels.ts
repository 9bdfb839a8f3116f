// Human labels for ledger reasons (docs/api.md, LedgerEntry), shared so both apps name a
// movement the same way.
const labels: Record<string, string> = {
  daily_task: "Daily Task Reward",
  follow_channel: "Channel Join Reward",
  custom_task: "Task Reward",
  referral_bonus: "Referral Bonus",
  referral_milestone: "Referral Milestone Reward",
  withdrawal: "Withdrawal",
  withdrawal_refund: "Withdrawal Refund",
  admin_adjustment: "Admin Adjustment",
};

export function ledgerReasonLabel(reason: string): string {
  return labels[reason] ?? reason.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}
