// The statements the admin audit log needs from an engine: an entry is written in the same
// transaction as the action it records, and read back newest first, a page at a time.
import type { AuditAction } from "@/domain/audit-actions.ts";
import type { Admin, AuditEntry as AuditRow } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

export type AuditEntry = {
  adminId: number | null;
  action: AuditAction;
  targetType: "withdrawal" | "user" | "task" | "broadcast" | "admin" | "api_token" | "setting";
  targetId: number | null;
  detail?: Record<string, unknown>;
  at: Date;
};

/** An audit row with the e-mail of the admin who acted (none for the system's own actions). */
export type AuditLogRow = AuditRow & { adminEmail: string | null };

/** Which entries a page holds: those below an id (the next page), by one admin, of one action. */
export type AuditFilter = { before?: number; adminId?: number; action?: AuditAction };

/** An admin as the log names them. */
export type AuditAdmin = Pick<Admin, "id" | "email">;

export type AuditStatements = {
  insert(entry: AuditEntry): Op<void>;
  /** The latest `limit` entries that pass `filter`, newest first. */
  list(limit: number, filter: AuditFilter): Op<AuditLogRow[]>;
  /** Every admin account, in the order they were added: whom an entry may name. */
  admins(): Op<AuditAdmin[]>;
};
