// Dashboard counters (PostgreSQL); see db/sqlite/schema/stats.ts. Days stay text keys ("2026-03-10"),
// the same strings the domain compares on SQLite.
//
// Every completion bumps today's row, and on SQLite that costs nothing: one writer at a time. On
// PostgreSQL concurrent completions would queue on that one row, each holding its lock until its
// commit is on disk, so every counter is split into slots (a completion picks one at random) and
// read as their sum.
import { check, integer, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";
import { counterNames } from "@/domain/model/stats.ts";
import { int8, oneOf } from "./columns.ts";

/** How many rows a hot counter is split into. */
export const counterSlots = 32;

export const dailyStats = pgTable(
  "daily_stats",
  {
    day: text("day").notNull(),
    slot: smallint("slot").notNull().default(0),
    registrations: integer("registrations").notNull().default(0),
    completions: integer("completions").notNull().default(0),
    activeUsers: integer("active_users").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot] })],
);

export const counters = pgTable(
  "counters",
  {
    name: text("name", { enum: counterNames }).notNull(),
    slot: smallint("slot").notNull().default(0),
    value: int8("value").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] }), check("counters_name_valid", oneOf(t.name, counterNames))],
);
