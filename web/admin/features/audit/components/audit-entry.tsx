// One entry of the log: what was done (the action's badge) to which row, by whom and when, and the
// detail the server recorded with it. Wide screens line the fields up in columns under the log's
// heading row; narrow ones stack them.
import type { AuditEntryDto } from "@/api/contract.ts";
import { formatDateTime } from "@/web/shared/format-time.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { actionCopy } from "@/web/admin/features/audit/action-labels.ts";
import { detailFields } from "@/web/admin/features/audit/detail-text.ts";

/**
 * The columns of a wide screen, shared by the heading row and every entry. A narrow one stacks an
 * entry instead: what was done to which row, then who and when, then the detail.
 */
export const auditColumns = "lg:grid-cols-[9.5rem_minmax(0,13rem)_11rem_8rem_minmax(0,1fr)] lg:items-baseline lg:gap-4";

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "Withdrawal #12"; a target with no row of its own (a flush of every broadcast) by its kind alone. */
const targetText = (e: AuditEntryDto) => (e.targetId === null ? capitalised(e.targetType) : `${capitalised(e.targetType)} #${e.targetId}`);

export function AuditEntry({ entry }: { entry: AuditEntryDto }) {
  const { label, tone } = actionCopy(entry.action);
  const fields = detailFields(entry.detail);
  return (
    <li data-testid="audit-entry" className={`grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 gap-y-1 px-4 py-3 text-sm sm:px-5 ${auditColumns}`}>
      <time dateTime={entry.createdAt} title={entry.createdAt} className="col-start-2 row-start-2 text-xs text-slate-500 tabular-nums lg:col-auto lg:row-auto lg:text-sm">
        {formatDateTime(entry.createdAt)}
      </time>
      <p data-testid="audit-admin" className="col-start-1 row-start-2 truncate text-slate-700 lg:col-auto lg:row-auto" title={entry.adminEmail ?? undefined}>
        {entry.adminEmail ?? <span className="text-slate-500 italic">Server</span>}
      </p>
      {/* One line on a narrow screen; on a wide one the badge and the target are columns of their own. */}
      <div className="col-span-2 row-start-1 flex flex-wrap items-baseline gap-x-2 gap-y-1 lg:contents">
        <div>
          <Badge tone={tone}>{label}</Badge>
        </div>
        <p data-testid="audit-target" className="font-medium text-slate-900">
          {targetText(entry)}
        </p>
      </div>
      <dl className="col-span-2 flex min-w-0 flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600 lg:col-auto">
        {fields.map((field) => (
          <div key={field.label} className="flex min-w-0 gap-1">
            <dt className="shrink-0 whitespace-nowrap text-slate-500">{field.label}</dt>
            <dd className="min-w-0 wrap-anywhere text-slate-800">{field.text}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
