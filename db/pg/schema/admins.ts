// Administrators and the tokens made for automation (PostgreSQL); see db/sqlite/schema/admins.ts.
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { adminRoles } from "@/domain/model/admins.ts";
import { moment, oneOf } from "./columns.ts";

export const admins = pgTable(
  "admins",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    tokenVersion: integer("token_version").notNull().default(0),
    role: text("role", { enum: adminRoles }).notNull().default("admin"),
    createdAt: moment("created_at").notNull(),
  },
  (t) => [uniqueIndex("admins_email_unique").on(t.email), check("admins_role_valid", oneOf(t.role, adminRoles))],
);

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    scopes: text("scopes").notNull(),
    createdBy: integer("created_by").references(() => admins.id),
    createdAt: moment("created_at").notNull(),
    lastUsedAt: moment("last_used_at"),
    expiresAt: moment("expires_at"),
  },
  (t) => [uniqueIndex("api_tokens_name_unique").on(t.name), uniqueIndex("api_tokens_hash_unique").on(t.tokenHash), index("api_tokens_created_by_idx").on(t.createdBy)],
);
