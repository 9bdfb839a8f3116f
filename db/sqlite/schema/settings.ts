// The settings an operator changed from their defaults, and the instances running on this
// database (domain/model/settings.ts).
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { admins } from "./admins.ts";

export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  updatedBy: integer("updated_by").references(() => admins.id),
});

export const instances = sqliteTable("instances", {
  id: text("id").primaryKey(),
  startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
  seenAt: integer("seen_at", { mode: "timestamp_ms" }).notNull(),
  secretFingerprint: text("secret_fingerprint").notNull(),
  version: text("version").notNull(),
});
