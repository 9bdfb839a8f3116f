// The admin audit log: written in the same transaction as the action it records.
import { adminAudit } from "@/db/schema/index.ts";
import type { Db } from "@/db/client.ts";
import type { Tx } from "./context.ts";

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
  tx.insert(adminAudit)
    .values({ adminId: e.adminId, action: e.action, targetType: e.targetType, targetId: e.targetId, detail: e.detail ?? null, createdAt: e.at })
    .run();
}
