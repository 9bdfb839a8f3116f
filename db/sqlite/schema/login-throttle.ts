// Admin sign-in attempts, counted per key in a fixed window. Kept in the database so the count
// survives a restart and is shared by every process on the same database. Keys name a client
// address alone ("addr:…") or an address with the account it tried ("pair:…|e-mail").
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const loginThrottle = sqliteTable("login_throttle", {
  key: text("key").primaryKey(),
  attempts: integer("attempts").notNull(),
  windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
});
