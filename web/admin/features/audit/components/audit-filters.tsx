// The log's two filters, by admin and by action; "All" in either leaves it out.
import type { AuditAction } from "@/api/contract.ts";
import { SelectField } from "@/web/shared/ui/field.tsx";
import { actionGroups } from "@/web/admin/features/audit/action-labels.ts";
import { useAuditAdmins } from "@/web/admin/features/audit/api/get-audit-admins.ts";
import type { AuditFilter } from "@/web/admin/features/audit/api/get-audit.ts";

const groups = actionGroups();

export function AuditFilters({ filter, onChange }: { filter: AuditFilter; onChange: (next: AuditFilter) => void }) {
  const admins = useAuditAdmins().data ?? [];
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <SelectField
        label="Admin"
        value={filter.adminId ?? ""}
        onChange={(e) => onChange({ ...filter, adminId: e.target.value ? Number(e.target.value) : undefined })}
      >
        <option value="">All admins</option>
        {admins.map((admin) => (
          <option key={admin.id} value={admin.id}>
            {admin.email}
          </option>
        ))}
      </SelectField>
      <SelectField label="Action" value={filter.action ?? ""} onChange={(e) => onChange({ ...filter, action: (e.target.value || undefined) as AuditAction | undefined })}>
        <option value="">All actions</option>
        {groups.map(({ area, actions }) => (
          <optgroup key={area} label={area}>
            {actions.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
    </div>
  );
}
