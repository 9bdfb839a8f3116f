// The product's constants, each written once. Task rewards live on the tasks themselves.
// Imports nothing outside the domain's own plain modules, so the mini app can share it too.
import { usdt, type AmountRule } from "./money.ts";

export const rules = {
  referralBonus: usdt("0.2"),
  referralTarget: 50,
  referralMilestone: usdt("10"),
  qualifyingDailyTasks: 2,
  minWithdrawal: usdt("10"),
  broadcastMinLength: 5,
  broadcastMaxLength: 4000,
  defaultTaskReward: usdt("0.2"),
  /** The most one task completion may pay. */
  maxTaskReward: usdt("1000"),
  /** A link task's URL, and the seconds between opening it and claiming its reward. */
  maxLinkUrlLength: 2048,
  defaultLinkWaitSeconds: 30,
  maxLinkWaitSeconds: 3600,
  /** The most one admin credit or debit may move. */
  maxAdjustment: usdt("100000"),
  /** Above these, the admin panel and the CLI ask before saving a task's reward or an adjustment. */
  largeTaskReward: usdt("10"),
  largeAdjustment: usdt("100"),
  /**
   * The most a balance, and an account's total earned, may reach. Amounts are JavaScript numbers
   * of micro-USDT, exact only up to 2^53 (about 9.007e15); a billion USDT is 1e15 micro-USDT, the
   * largest round figure below that, with room for any one credit on top of it.
   */
  maxBalance: usdt("1000000000"),
  adminPasswordMinLength: 10,
  /** Admin sign-in attempts per window from one client address for one account... */
  loginFailureLimit: 5,
  /** ...and from one client address for all accounts together (see login-throttle.ts). */
  loginAddressFailureLimit: 20,
  loginFailureWindowMs: 15 * 60_000,
  adminTokenTtlSeconds: 12 * 3600,
  deliveryMaxAttempts: 3,
  /**
   * How long a flush holds the deliveries it claimed: well past what a batch takes with the
   * defaults (28 sends, each cut off after TELEGRAM_TIMEOUT = 10 s), so only a flush that died
   * loses them to the next one.
   */
  deliveryLeaseMs: 10 * 60_000,
  /** A notice about money that could not go out for this long is dropped, not sent late (notices.ts). */
  noticeMaxAgeMs: 24 * 3_600_000,
  /** Tries of a notice Telegram refuses for a reason of its own (not a 429, not an outage) before it fails. */
  noticeMaxAttempts: 5,
} as const;

/**
 * The amounts people type, each with its maximum. money.ts reads them all with one decimals rule
 * (at most typedDecimals); the server parses with these rules and the admin panel, the mini app
 * and the CLI check with them before sending, so a client refuses exactly what the server would.
 */
export const amountRules = {
  /** A withdrawal request; its minimum (rules.minWithdrawal) answers its own code, BELOW_MINIMUM. */
  withdrawal: { field: "amount", max: rules.maxBalance },
  /** An admin's credit (positive) or debit (negative). */
  adjustment: { field: "amount", max: rules.maxAdjustment, signed: true, nonZero: true },
  /** A task's reward, from the admin panel, the CLI or the API; zero is a valid reward. */
  taskReward: { field: "rewardUsdt", max: rules.maxTaskReward },
} as const satisfies Record<string, AmountRule>;

/** BscScan pages for BEP-20 transactions and addresses. */
export const explorer = {
  tx: "https://bscscan.com/tx/",
  address: "https://bscscan.com/address/",
} as const;

export const walletPattern = /^0x[0-9a-fA-F]{40}$/;
export const txHashPattern = /^0x[0-9a-fA-F]{64}$/;
