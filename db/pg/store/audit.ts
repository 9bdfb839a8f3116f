// The admin audit log's statements on PostgreSQL.
import { adminAudit } from "@/db/pg/schema/index.ts";
import type { AuditStatements } from "@/domain/statements/audit.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

export function auditStatements(db: PgRunner): AuditStatements {
  return {
    *insert(entry) {
      yield* awaiting(
        db.insert(adminAudit).values({ adminId: entry.adminId, action: entry.action, targetType: entry.targetType, targetId: entry.targetId, detail: entry.detail ?? null, createdAt: entry.at }),
      );
    },
  };
}
