// The admin audit log's statements on PostgreSQL.
import { adminAudit } from "@/db/pg/schema/index.ts";
import type { AuditStatements } from "@/domain/statements/audit.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

export function auditStatements(db: PgRunner): AuditStatements {
  return {
    *insert(e) {
      yield* awaiting(
        db.insert(adminAudit).values({ adminId: e.adminId, action: e.action, targetType: e.targetType, targetId: e.targetId, detail: e.detail ?? null, createdAt: e.at }),
      );
    },
  };
}
