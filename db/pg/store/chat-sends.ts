// The per-chat rule on PostgreSQL: one upsert. A take that meets a chat another instance's take is
// writing waits for that one's commit and then checks the condition against the row it wrote, so
// of two takes at once only one gets the chat; the chats come in ascending order, so two takes
// lock what they share in the same order and never deadlock.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { chatSends } from "@/db/pg/schema/index.ts";
import type { ChatSendStatements } from "@/domain/statements/chat-sends.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

/**
 * Whether the chat of the user `userId` names is free by `by`, for a claim's WHERE: a claim then
 * leaves what the take would put back. A scalar subquery, which PostgreSQL runs per row considered
 * (two primary key lookups), where NOT EXISTS could be planned as an anti-join that reads all of
 * chat_sends at every claim.
 */
export const chatFreeBy = (userId: SQL, by: Date): SQL =>
  sql`coalesce((select c.free_at from chat_sends c join users u on u.tg_id = c.tg_id where u.id = ${userId}), '-infinity') <= ${by}`;

export function chatSendStatements(db: PgRunner): ChatSendStatements {
  return {
    *take(tgIds, from, until) {
      if (tgIds.length === 0) return [];
      const rows = yield* awaiting(
        db
          .insert(chatSends)
          .values(tgIds.map((tgId) => ({ tgId, freeAt: until })))
          .onConflictDoUpdate({ target: chatSends.tgId, set: { freeAt: sql`excluded.free_at` }, setWhere: sql`${chatSends.freeAt} <= ${from}` })
          .returning({ tgId: chatSends.tgId }),
      );
      return rows.map((r) => r.tgId);
    },
    *giveBack(tgIds, from, until) {
      if (tgIds.length === 0) return;
      yield* awaiting(db.update(chatSends).set({ freeAt: from }).where(and(inArray(chatSends.tgId, tgIds), eq(chatSends.freeAt, until))));
    },
  };
}
