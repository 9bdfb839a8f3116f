// Admin sign-in attempts per key and window (PostgreSQL); see db/sqlite/schema/login-throttle.ts.
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { moment } from "./columns.ts";

export const loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  attempts: integer("attempts").notNull(),
  windowStart: moment("window_start").notNull(),
});
