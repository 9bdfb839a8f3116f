// Administrators (PostgreSQL); see db/sqlite/schema/admins.ts.
import { integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { moment } from "./columns.ts";

export const admins = pgTable(
  "admins",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: moment("created_at").notNull(),
  },
  (t) => [uniqueIndex("admins_email_unique").on(t.email)],
);
