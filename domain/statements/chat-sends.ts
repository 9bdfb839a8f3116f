// The statements the per-chat rule (send-rate.ts: reserveSends, takeChat) needs from an engine.
import type { Op } from "@/domain/store.ts";

export type ChatSendStatements = {
  /**
   * Takes, in one atomic upsert, each chat of `tgIds` that is free at `from` (no row, or one whose
   * free_at is at or before it), until `until`; answers the chats taken. The ids come distinct and
   * in ascending order, so two senders taking overlapping chats lock them in one order.
   */
  take(tgIds: number[], from: Date, until: Date): Op<number[]>;
  /**
   * Frees from `from` those of `tgIds` a take still holds until `until` (free_at unchanged since),
   * for chats whose message failed or was never sent.
   */
  giveBack(tgIds: number[], from: Date, until: Date): Op<void>;
};
