// When each chat may next get a message (PostgreSQL); see db/sqlite/schema/chat-sends.ts, and why
// its rows are never pruned. free_at is in no index, so taking a chat again can be a heap-only update.
import { pgTable } from "drizzle-orm/pg-core";
import { int8, moment } from "./columns.ts";

export const chatSends = pgTable("chat_sends", {
  tgId: int8("tg_id").primaryKey(),
  freeAt: moment("free_at").notNull(),
});
