// Aggregates kept as counters in the same transaction as the rows they count, so dashboard
// figures never need a scan of users or completions.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { counterNames } from "@/domain/model/stats.ts";

export const dailyStats = sqliteTable("daily_stats", {
  day: text("day").primaryKey(),
  registrations: integer("registrations").notNull().default(0),
  completions: integer("completions").notNull().default(0),
  activeUsers: integer("active_users").notNull().default(0),
});

export const counters = sqliteTable("counters", {
  name: text("name", { enum: counterNames }).primaryKey(),
  value: integer("value").notNull().default(0),
});
