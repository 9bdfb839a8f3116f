// The review queue: tabs Flagged, Cleared, Confirmed (the chosen one in the URL, so a reload or
// Back keeps it), newest first, 50 at a time; "Load more" asks for the users below the last id
// shown, so a decision taken meanwhile never shifts a page.
import { useSearchParams } from "react-router-dom";
import type { RiskStatus } from "@/api/contract.ts";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { ShieldIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { TabPanel, Tabs } from "@/web/shared/ui/tabs.tsx";
import { KeysetPages, LoadMore } from "@/web/admin/components/keyset-pages.tsx";
import { PAGE_SIZE, useFlagged } from "@/web/admin/features/risk/api/get-flagged.ts";
import { FlaggedRow } from "./flagged-row.tsx";

const tabs = [
  { value: "flagged", label: "Flagged" },
  { value: "cleared", label: "Cleared" },
  { value: "confirmed", label: "Confirmed" },
] as const satisfies ReadonlyArray<{ value: RiskStatus; label: string }>;

const empty: Record<RiskStatus, string> = { flagged: "No flagged users", cleared: "No cleared users", confirmed: "No confirmed fraud" };

const statusOf = (value: string | null): RiskStatus => tabs.find((t) => t.value === value)?.value ?? "flagged";

export function RiskQueue() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get("status"));
  return (
    <div className="space-y-4">
      <Tabs label="Risk status" idBase="risk" items={tabs} value={status} onChange={(next) => setParams(next === "flagged" ? {} : { status: next })} className="max-w-md" />
      <TabPanel idBase="risk" value={status} className="space-y-3">
        {/* Keyed by the status, so a tab (chosen here or by Back) starts again from its first page. */}
        <KeysetPages key={status} page={(before, onMore) => <QueuePage status={status} before={before} onMore={onMore} />} />
      </TabPanel>
    </div>
  );
}

/** One page of the queue; the last one shown offers "Load more" when it came back full. */
function QueuePage({ status, before, onMore }: { status: RiskStatus; before?: number; onMore?: (lastId: number) => void }) {
  const { data, isLoading, isFetching, error, refetch } = useFlagged(status, before);
  const first = before === undefined;

  if (isLoading) {
    return (
      <div aria-busy="true" aria-label="Loading the risk queue" className="space-y-3">
        {(first ? [0, 1, 2] : [0]).map((i) => (
          <Skeleton key={i} className="h-36 rounded-xl" />
        ))}
      </div>
    );
  }
  if (data === undefined) {
    return <ErrorState title="Unable to load the risk queue" message={error?.message} onRetry={refetch} retrying={isFetching} compact={!first} />;
  }
  if (data.length === 0) {
    return first ? <EmptyState icon={<ShieldIcon className="h-10 w-10" />}>{empty[status]}</EmptyState> : null;
  }
  return (
    <>
      <ul className="space-y-3">
        {data.map((user) => (
          <FlaggedRow key={user.userId} user={user} />
        ))}
      </ul>
      {onMore && data.length >= PAGE_SIZE && <LoadMore className="pt-1" onClick={() => onMore(data.at(-1)!.userId)} />}
    </>
  );
}
