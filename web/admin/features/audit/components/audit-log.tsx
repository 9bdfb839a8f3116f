// The audit page: the filters (kept in the URL, ?admin=3&action=user.ban, so a reload or Back keeps
// them) over the entries that pass them, newest first, 50 at a time; "Load more" asks for the
// entries below the last id shown, so entries written meanwhile never shift a page.
import { useEffect } from "react";
import { useSearchParams } from "react-router-dom";
import { Card } from "@/web/shared/ui/card.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { ListChecksIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { KeysetPages, LoadMore } from "@/web/admin/components/keyset-pages.tsx";
import { actionOf } from "@/web/admin/features/audit/action-labels.ts";
import { PAGE_SIZE, useAudit, type AuditFilter } from "@/web/admin/features/audit/api/get-audit.ts";
import { AuditEntry, auditColumns } from "./audit-entry.tsx";
import { AuditFilters } from "./audit-filters.tsx";

function filterOf(params: URLSearchParams): AuditFilter {
  const admin = Number(params.get("admin"));
  return { adminId: Number.isSafeInteger(admin) && admin > 0 ? admin : undefined, action: actionOf(params.get("action")) };
}

function paramsOf({ adminId, action }: AuditFilter): Record<string, string> {
  return { ...(adminId && { admin: String(adminId) }), ...(action && { action }) };
}

export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const filtered = filter.adminId !== undefined || filter.action !== undefined;
  return (
    <div className="space-y-4">
      <AuditFilters filter={filter} onChange={(next) => setParams(paramsOf(next))} />
      <Card>
        <div aria-hidden="true" className={`hidden border-b border-slate-100 px-5 py-2 text-xs font-medium tracking-wide text-slate-500 uppercase lg:grid ${auditColumns}`}>
          <span>Time</span>
          <span>Admin</span>
          <span>Action</span>
          <span>Target</span>
          <span>Detail</span>
        </div>
        {/* Keyed by the filter, so a new filter (chosen here or by Back) starts again from its first page. */}
        <KeysetPages key={params.toString()} page={(before, onMore) => <LogPage filter={filter} before={before} filtered={filtered} onMore={onMore} />} />
      </Card>
    </div>
  );
}

type LogPageProps = { filter: AuditFilter; before?: number; filtered: boolean; onMore?: (lastId: number) => void };

/** One page of the log; the last one shown offers "Load more" when it came back full. */
function LogPage({ filter, before, filtered, onMore }: LogPageProps) {
  const { data, isLoading, isFetching, error, refetch } = useAudit(filter, before);
  const first = before === undefined;
  // Every admin action writes an entry, and nothing here hears of them: a first page kept from an
  // earlier visit shows at once and is asked for again.
  useEffect(() => {
    if (first && data !== undefined) void refetch();
  }, []);

  if (isLoading) {
    return (
      <div aria-busy="true" aria-label="Loading the audit log" className="space-y-2 p-4">
        {(first ? [0, 1, 2, 3] : [0]).map((i) => (
          <Skeleton key={i} className="h-10 rounded-lg" />
        ))}
      </div>
    );
  }
  if (data === undefined) {
    return <ErrorState title="Unable to load the audit log" message={error?.message} onRetry={refetch} retrying={isFetching} compact={!first} className="p-4" />;
  }
  if (data.length === 0) {
    return first ? <EmptyState icon={<ListChecksIcon className="h-10 w-10" />}>{filtered ? "No entries match these filters" : "No admin actions yet"}</EmptyState> : null;
  }
  return (
    <>
      <ul className="divide-y divide-slate-100 border-b border-slate-100 last:border-b-0">
        {data.map((entry) => (
          <AuditEntry key={entry.id} entry={entry} />
        ))}
      </ul>
      {onMore && data.length >= PAGE_SIZE && <LoadMore className="p-4" onClick={() => onMore(data.at(-1)!.id)} />}
    </>
  );
}
