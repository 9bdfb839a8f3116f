// The statements the notice queue (notices.ts) and the fleet's send rate need from an engine.
import type { NoticeKind, NoticeRow, NoticeStatus, User } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

/** A notice a sender holds, with where it goes and the language settings its user has now. */
export type ClaimedNotice = Pick<NoticeRow, "id" | "kind" | "payload" | "attempts" | "createdAt"> & Pick<User, "tgId" | "language" | "tgLanguage">;

/** What a settled notice becomes; the fields left out stay as they are. */
export type NoticeSettlement = Pick<NoticeRow, "status" | "attempts"> & Partial<Pick<NoticeRow, "lastError" | "sentAt">>;

export type NoticeStatements = {
  /** One pending notice for the user with that Telegram id; false when there is no such user. */
  insert(values: { tgId: number; kind: NoticeKind; payload: Record<string, unknown>; createdAt: Date }): Op<boolean>;
  /**
   * Marks `expired` the notices created before `cutoff` still waiting (pending, or held under a
   * lease run out before `now`); answers how many.
   */
  expire(cutoff: Date, now: Date): Op<number>;
  /** Marks `skipped` the waiting notices of users who blocked the bot; answers how many. */
  skipUnreachable(now: Date): Op<number>;
  /**
   * Leases up to `limit` waiting notices of reachable users, oldest first, as
   * BroadcastStatements.claim does, and at most one per user: a user's oldest waiting notice, once
   * none of theirs is being sent and their chat is free by `chatFreeBy` (chat_sends). So a user's
   * notices reach them in order, whichever instances send them, and a notice is not claimed only
   * to be put back because its chat had a message in the last second.
   */
  claim(lease: { token: string; now: Date; leaseUntil: Date; limit: number; chatFreeBy: Date }): Op<ClaimedNotice[]>;
  /** Ends the lease with the outcome, if `token` still holds it; answers whether it did. */
  settle(id: number, token: string, set: NoticeSettlement): Op<boolean>;
  /** Puts what `token` still holds back to pending, attempts untouched; answers how many. */
  release(token: string): Op<number>;
  /** How many notices are in each status. */
  counts(): Op<Partial<Record<NoticeStatus, number>>>;
};

/** The fleet's send rate: one bucket in the database (broadcast_pace.sends_at), GCRA. */
export type SendRateStatements = {
  /**
   * Reserves `count` consecutive send slots of `slotMs` each, from the later of the bucket's
   * next free slot and `now`, in one atomic update; answers when the first slot starts.
   */
  reserve(now: Date, count: number, slotMs: number): Op<Date>;
  /** Moves the next free slot to `until` at the earliest (a 429's retry_after, for everyone). */
  pause(until: Date): Op<void>;
  /** The next free slot; undefined before the first reservation. */
  next(): Op<Date | undefined>;
};
