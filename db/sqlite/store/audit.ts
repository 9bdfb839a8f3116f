// The admin audit log's statements on SQLite.
import type { Db } from "@/db/sqlite/client.ts";
import { adminAudit } from "@/db/sqlite/schema/index.ts";
import type { AuditStatements } from "@/domain/statements/audit.ts";

export function auditStatements(db: Db): AuditStatements {
  return {
    *insert(e) {
      db.insert(adminAudit)
        .values({ adminId: e.adminId, action: e.action, targetType: e.targetType, targetId: e.targetId, detail: e.detail ?? null, createdAt: e.at })
        .run();
    },
  };
}
