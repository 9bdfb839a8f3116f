// The per-chat rule on SQLite: one upsert, inside the IMMEDIATE transaction that holds the write
// lock, so two processes' takes of one chat run one after the other and the second sees the first.
import type { Db } from "@/db/sqlite/client.ts";
import { and, eq, inArray, sql, type SQL } from "@/db/ops.ts";
import { chatSends } from "@/db/sqlite/schema/index.ts";
import type { ChatSendStatements } from "@/domain/statements/chat-sends.ts";

/**
 * Whether the chat of the user `userId` names is free by `by`, for a claim's WHERE: a claim then
 * leaves what the take would put back. One lookup per row considered, by the two primary keys.
 */
export const chatFreeBy = (userId: SQL, by: Date): SQL =>
  sql`coalesce((select c.free_at from chat_sends c join users u on u.tg_id = c.tg_id where u.id = ${userId}), 0) <= ${by.getTime()}`;

export function chatSendStatements(db: Db): ChatSendStatements {
  return {
    *take(tgIds, from, until) {
      if (tgIds.length === 0) return [];
      const rows = db
        .insert(chatSends)
        .values(tgIds.map((tgId) => ({ tgId, freeAt: until })))
        .onConflictDoUpdate({ target: chatSends.tgId, set: { freeAt: sql`excluded.free_at` }, setWhere: sql`${chatSends.freeAt} <= ${from.getTime()}` })
        .returning({ tgId: chatSends.tgId })
        .all();
      return rows.map((r) => r.tgId);
    },
    *giveBack(tgIds, from, until) {
      if (tgIds.length === 0) return;
      db.update(chatSends).set({ freeAt: from }).where(and(inArray(chatSends.tgId, tgIds), eq(chatSends.freeAt, until))).run();
    },
  };
}
