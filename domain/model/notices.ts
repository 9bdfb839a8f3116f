// Notices about a user's money, kept until they are delivered: one row per notice, claimed by a
// sender under a lease as broadcast deliveries are.

/**
 * `expired`: older than rules.noticeMaxAgeMs when it could finally go out, so dropped rather than
 * sent late; `skipped`: its user had blocked the bot.
 */
export const noticeStatuses = ["pending", "sending", "sent", "failed", "expired", "skipped"] as const;
export type NoticeStatus = (typeof noticeStatuses)[number];

export const noticeKinds = ["withdrawal_approved", "withdrawal_paid", "withdrawal_rejected", "referral_qualified"] as const;
export type NoticeKind = (typeof noticeKinds)[number];

export type NoticeRow = {
  id: number;
  userId: number;
  kind: NoticeKind;
  /** The notice's facts (amount, reason, hash...), rendered into the user's language when it is sent. */
  payload: { [field: string]: unknown };
  status: NoticeStatus;
  attempts: number;
  claimToken: string | null;
  leaseUntil: Date | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
};
