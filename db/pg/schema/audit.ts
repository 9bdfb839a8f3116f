// Every admin action (PostgreSQL); see db/sqlite/schema/audit.ts.
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { auditIndexes } from "@/db/indexes.ts";
import { admins } from "./admins.ts";
import { int8, jsonObject, moment } from "./columns.ts";

export const adminAudit = pgTable(
  "admin_audit",
  {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  adminId: integer("admin_id").references(() => admins.id),
  action: text("action").notNull(),
  targetType: text("target_type").notNull(),
  // Any table's id, the int8 ones included.
  targetId: int8("target_id"),
  detail: jsonObject("detail"),
  createdAt: moment("created_at").notNull(),
  },
  (t) => auditIndexes(t, index),
);
