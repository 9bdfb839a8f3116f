// The statements the broadcast queue (broadcast.ts) needs from an engine.
import type { Broadcast, BroadcastDelivery, User } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

/** A delivery a flush holds, with where it goes, what it says, and the language its user reads. */
export type ClaimedDelivery = Pick<BroadcastDelivery, "id" | "broadcastId" | "userId" | "attempts"> &
  Pick<Broadcast, "message" | "texts"> &
  Pick<User, "tgId" | "language" | "tgLanguage">;

/** Reachable users with one pair of language settings, and how many. */
export type AudienceGroup = Pick<User, "language" | "tgLanguage"> & { users: number };

/** What a settled delivery becomes; the fields left out stay as they are. */
export type Settlement = Pick<BroadcastDelivery, "status" | "attempts"> & Partial<Pick<BroadcastDelivery, "lastError" | "sentAt" | "claimToken">>;

export type BroadcastStatements = {
  insert(values: Pick<Broadcast, "message" | "texts" | "createdBy" | "createdAt">): Op<Broadcast>;
  /**
   * One pending delivery for each active, non-banned user, in one set-based statement however
   * many users there are; answers how many were queued.
   */
  queueToEveryone(broadcastId: number): Op<number>;
  /** The users queueToEveryone would queue for now, counted by their language settings. */
  audience(): Op<AudienceGroup[]>;
  setTotal(broadcastId: number, total: number): Op<void>;
  get(broadcastId: number): Op<Broadcast | undefined>;
  /** Newest first; with `before`, only ids below it (the next page). */
  list(limit: number, before?: number): Op<Broadcast[]>;
  /** Deliveries of every broadcast still waiting, from the broadcasts' counters. */
  queued(): Op<number>;

  /**
   * Takes the fleet's turn to start a batch at `now` if it is due, moving the next turn to
   * `next`: one conditional write, so of flushes asking at once only one gets it.
   */
  takeTurn(now: Date, next: Date): Op<boolean>;
  /** When the next batch may start; undefined before the first batch ever. */
  nextTurn(): Op<Date | undefined>;
  /** Makes the turn due again at `now`, for a flush that found nothing to send. */
  giveTurnBack(now: Date): Op<void>;

  /**
   * Leases up to `limit` deliveries to `token` until `leaseUntil`: pending ones, and those whose
   * lease ran out before `now` (their flush died). Rows another flush is claiming are skipped,
   * never waited for or taken twice, and so are those whose user's chat is not free by
   * `chatFreeBy` (chat_sends: it had a message less than a second ago). Ordered by id.
   */
  claim(lease: { token: string; now: Date; leaseUntil: Date; limit: number; chatFreeBy: Date }): Op<ClaimedDelivery[]>;
  /** The delivery while `token` still holds it. */
  held(id: number, token: string): Op<Pick<BroadcastDelivery, "broadcastId" | "attempts"> | undefined>;
  /** Which of `ids` `token` still holds: one statement for a grant. */
  heldOf(ids: number[], token: string): Op<number[]>;
  /**
   * Marks sent, at `at` and with one more attempt, those of `ids` `token` still holds, in one
   * statement; answers them with their broadcasts. The broadcasts' counts are the caller's.
   */
  settleSent(ids: number[], token: string, at: Date): Op<Pick<BroadcastDelivery, "id" | "broadcastId">[]>;
  /** Ends the lease with the outcome, if `token` still holds it; answers whether it did. */
  settle(id: number, token: string, set: Settlement): Op<boolean>;
  /** Adds `by` (1 unless given; negative to take back) to the broadcast's count of that outcome. */
  count(broadcastId: number, outcome: "sent" | "failed", by?: number): Op<void>;
  /**
   * Fails every delivery of the broadcast still pending or being sent, with `reason`; answers how
   * many. A delivery a flush holds keeps its token, so that flush can still record that the
   * message went out (sentAfterStop).
   */
  failUnfinished(broadcastId: number, reason: string): Op<number>;
  /** Records the stop, if the broadcast has none yet; answers whether this call recorded it. */
  stop(broadcastId: number, at: Date, reason: string): Op<boolean>;
  /** Marks sent a delivery the stop failed while `token` was sending it; answers its broadcast, if there was one. */
  sentAfterStop(id: number, token: string, at: Date): Op<number | undefined>;
  /** Puts what `token` still holds back to pending, attempts untouched; answers how many. */
  release(token: string): Op<number>;
};
