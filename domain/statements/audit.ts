// The statements the admin audit log needs from an engine: an entry is written in the same
// transaction as the action it records.
import type { Op } from "@/domain/store.ts";

export type AuditEntry = {
  adminId: number | null;
  action: string;
  targetType: "withdrawal" | "user" | "task" | "broadcast" | "admin";
  targetId: number | null;
  detail?: Record<string, unknown>;
  at: Date;
};

export type AuditStatements = {
  insert(entry: AuditEntry): Op<void>;
};
