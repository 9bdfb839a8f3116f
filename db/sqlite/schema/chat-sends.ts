// When each chat may next get a message (domain/model/chat-sends.ts): one row per chat the fleet
// has sent to, taken by one upsert per grant of sends (db/sqlite/store/chat-sends.ts).
//
// Rows are never pruned. A row whose free_at has passed means what no row means, and there is at
// most one per user ever sent to, two integers keyed by the Telegram id itself (the rowid):
// pruning would turn every send after the first into an insert and a later delete, where a row
// left in place makes it one update.
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";

export const chatSends = sqliteTable("chat_sends", {
  tgId: integer("tg_id").primaryKey(),
  freeAt: integer("free_at", { mode: "timestamp_ms" }).notNull(),
});
