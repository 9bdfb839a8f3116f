// The product's constants, each written once. Task rewards live on the tasks themselves.
// Imports nothing outside the domain's own plain modules, so the mini app can share it too.
import { usdt } from "./money.ts";

export const rules = {
  referralBonus: usdt("0.2"),
  referralTarget: 50,
  referralMilestone: usdt("10"),
  qualifyingDailyTasks: 2,
  minWithdrawal: usdt("10"),
  broadcastMinLength: 5,
  broadcastMaxLength: 4000,
  defaultTaskReward: usdt("0.2"),
  adminPasswordMinLength: 10,
  loginFailureLimit: 5,
  loginFailureWindowMs: 15 * 60_000,
  adminTokenTtlSeconds: 12 * 3600,
  deliveryMaxAttempts: 3,
  staleClaimMs: 10 * 60_000,
} as const;

/** BscScan pages for BEP-20 transactions and addresses. */
export const explorer = {
  tx: "https://bscscan.com/tx/",
  address: "https://bscscan.com/address/",
} as const;

export const walletPattern = /^0x[0-9a-fA-F]{40}$/;
export const txHashPattern = /^0x[0-9a-fA-F]{64}$/;
