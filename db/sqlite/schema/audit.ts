// Every admin action: who did what to which row, and when.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { auditIndexes } from "@/db/indexes.ts";
import { admins } from "./admins.ts";

export const adminAudit = sqliteTable(
  "admin_audit",
  {
  id: integer("id").primaryKey({ autoIncrement: true }),
  adminId: integer("admin_id").references(() => admins.id),
  action: text("action").notNull(),
  targetType: text("target_type").notNull(),
  targetId: integer("target_id"),
  detail: text("detail", { mode: "json" }).$type<Record<string, unknown>>(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => auditIndexes(t, index),
);
