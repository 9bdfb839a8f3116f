// The admin audit log's statements on SQLite.
import type { Db } from "@/db/sqlite/client.ts";
import { asc, desc, eq } from "@/db/ops.ts";
import { adminAudit, admins } from "@/db/sqlite/schema/index.ts";
import { auditEntryColumns } from "@/db/selections.ts";
import type { AuditStatements } from "@/domain/statements/audit.ts";
import { auditDetail } from "@/db/audit-detail.ts";
import { auditFilterWhere } from "@/db/filters.ts";

export function auditStatements(db: Db): AuditStatements {
  return {
    *insert(e) {
      db.insert(adminAudit)
        .values({ adminId: e.adminId, action: e.action, targetType: e.targetType, targetId: e.targetId, detail: auditDetail(e.detail), createdAt: e.at })
        .run();
    },
    *list(limit, filter) {
      return db
        .select(auditEntryColumns(adminAudit, admins))
        .from(adminAudit)
        .leftJoin(admins, eq(admins.id, adminAudit.adminId))
        .where(auditFilterWhere(adminAudit, filter))
        .orderBy(desc(adminAudit.id))
        .limit(limit)
        .all();
    },
    *admins() {
      return db.select({ id: admins.id, email: admins.email }).from(admins).orderBy(asc(admins.id)).all();
    },
  };
}
