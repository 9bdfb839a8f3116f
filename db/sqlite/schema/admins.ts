// Administrators and the tokens made for automation. tokenVersion is part of every JWT an admin
// gets; raising it (logout) revokes them all, and never an API token, which lives until revoked or
// expired.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { adminRoles } from "@/domain/model/admins.ts";

export const admins = sqliteTable(
  "admins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    tokenVersion: integer("token_version").notNull().default(0),
    role: text("role", { enum: adminRoles }).notNull().default("admin"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("admins_email_unique").on(t.email)],
);

export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    scopes: text("scopes").notNull(),
    createdBy: integer("created_by").references(() => admins.id),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("api_tokens_name_unique").on(t.name), uniqueIndex("api_tokens_hash_unique").on(t.tokenHash), index("api_tokens_created_by_idx").on(t.createdBy)],
);
