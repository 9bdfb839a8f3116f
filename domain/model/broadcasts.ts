// Broadcast messages and one delivery per recipient, claimed by a flush under a lease.

export const deliveryStatuses = ["pending", "sending", "sent", "failed"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export type Broadcast = {
  id: number;
  message: string;
  /** The message in other languages, by language code; a user gets theirs or `message`. */
  texts: { [language: string]: string } | null;
  createdBy: number | null;
  total: number;
  sent: number;
  failed: number;
  /** When the broadcast stopped before its end: cancelled by an admin, or a text Telegram refuses. */
  stoppedAt: Date | null;
  /** Why it stopped; its deliveries still pending were marked failed with this reason. */
  stopReason: string | null;
  createdAt: Date;
};

export type BroadcastDelivery = {
  id: number;
  broadcastId: number;
  userId: number;
  status: DeliveryStatus;
  attempts: number;
  claimToken: string | null;
  claimedAt: Date | null;
  leaseUntil: Date | null;
  lastError: string | null;
  sentAt: Date | null;
};

/** The one row saying when the next batch of any flush, from any server or cron, may start. */
export type BroadcastPace = {
  id: number;
  nextBatchAt: Date;
  /**
   * The send rate's bucket, shared by the fleet (GCRA): the moment the next message may go out.
   * Null until the first grant. Apart from nextBatchAt, so the pace's turns and the rate's slots
   * never read each other's clock when an operator switches between them.
   */
  sendsAt: Date | null;
};
