// Dashboard counters (PostgreSQL); see db/schema/stats.ts. Days stay text keys ("2026-03-10"),
// the same strings the domain compares on SQLite.
import { check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { counterNames } from "@/db/schema/stats.ts";
import { int8, oneOf } from "./columns.ts";

export const dailyStats = pgTable("daily_stats", {
  day: text("day").primaryKey(),
  registrations: integer("registrations").notNull().default(0),
  completions: integer("completions").notNull().default(0),
  activeUsers: integer("active_users").notNull().default(0),
});

export const counters = pgTable(
  "counters",
  {
    name: text("name", { enum: counterNames }).primaryKey(),
    value: int8("value").notNull().default(0),
  },
  (t) => [check("counters_name_valid", oneOf(t.name, counterNames))],
);
