// The settings an operator changed, and the instances running (PostgreSQL); see db/sqlite/schema/settings.ts.
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { admins } from "./admins.ts";
import { moment } from "./columns.ts";

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: moment("updated_at").notNull(),
  updatedBy: integer("updated_by").references(() => admins.id),
});

export const instances = pgTable("instances", {
  id: text("id").primaryKey(),
  startedAt: moment("started_at").notNull(),
  seenAt: moment("seen_at").notNull(),
  secretFingerprint: text("secret_fingerprint").notNull(),
  version: text("version").notNull(),
});
