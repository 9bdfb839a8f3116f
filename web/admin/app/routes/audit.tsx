import { PageHeader } from "@/web/admin/components/layout/page-header.tsx";
import { AuditLog } from "@/web/admin/features/audit/components/audit-log.tsx";

export function AuditRoute() {
  return (
    <>
      <PageHeader title="Audit log" description="Who did what and when: every admin action, newest first. Filter by admin or by action." />
      <AuditLog />
    </>
  );
}
