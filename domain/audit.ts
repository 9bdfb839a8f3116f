// The admin audit log: written in the same transaction as the action it records.
import { auditStatements } from "@/db/store/audit.ts";
import type { Db } from "@/db/client.ts";
import type { Tx } from "./context.ts";
import { runNow } from "./store.ts";

export type AuditEntry = {
  adminId: number | null;
  action: string;
  targetType: "withdrawal" | "user" | "task" | "broadcast" | "admin";
  targetId: number | null;
  detail?: Record<string, unknown>;
  at: Date;
};

/** Pass the action's transaction, or the database for an action that writes nothing else. */
export function audit(tx: Tx | Db, e: AuditEntry): void {
  runNow(auditStatements(tx).insert(e));
}
