// The statements the audit log (audit.ts) needs from an engine.
import type { AuditEntry } from "@/domain/audit.ts";
import type { Op } from "@/domain/store.ts";

export type AuditStatements = {
  insert(entry: AuditEntry): Op<void>;
};
