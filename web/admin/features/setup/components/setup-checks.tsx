// The setup checks as `refbot doctor` prints them: one row per check with its status, what was
// found and, for a warning or a failure, the fix; commands in the fix (between backticks) are
// shown as code, to be copied to the server's shell.
import type { Check, CheckStatus } from "@/domain/doctor.ts";
import { Badge, type BadgeTone } from "@/web/shared/ui/badge.tsx";
import { Button } from "@/web/shared/ui/button.tsx";
import { Card } from "@/web/shared/ui/card.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { AlertIcon, CircleCheckIcon, XIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { useSetupChecks } from "@/web/admin/features/setup/api/get-setup.ts";

const look: Record<CheckStatus, { tone: BadgeTone; label: string; Icon: typeof CircleCheckIcon }> = {
  ok: { tone: "success", label: "OK", Icon: CircleCheckIcon },
  warn: { tone: "warning", label: "Warning", Icon: AlertIcon },
  fail: { tone: "danger", label: "Failed", Icon: XIcon },
};

/** The fix's text with its `commands` as code. */
function FixText({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.8125rem] text-slate-800">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

function CheckRow({ check }: { check: Check }) {
  const { tone, label, Icon } = look[check.status];
  return (
    <li className="grid gap-1 px-5 py-3 sm:grid-cols-[7rem_10rem_1fr] sm:gap-4" data-status={check.status}>
      {/* On a phone the status and the name share a line; from sm up each is a column of the grid. */}
      <div className="flex items-center gap-2 sm:contents">
        <div>
          <Badge tone={tone}>
            <Icon className="h-3.5 w-3.5" />
            {label}
          </Badge>
        </div>
        <div className="text-sm font-medium text-slate-900 first-letter:uppercase">{check.name}</div>
      </div>
      <div className="min-w-0 text-sm">
        <p className="break-words text-slate-700">{check.message}</p>
        {check.fix && (
          <p className="mt-1 break-words text-slate-500">
            <span className="font-medium text-slate-700">Fix: </span>
            <FixText text={check.fix} />
          </p>
        )}
      </div>
    </li>
  );
}

export function SetupChecks() {
  const { data, isLoading, isFetching, error, refetch } = useSetupChecks();
  if (isLoading) return <Skeleton className="h-96 rounded-xl" />;
  if (error || !data) return <ErrorState title="Could not run the setup checks" message={error?.message} onRetry={refetch} retrying={isFetching} />;
  const { summary, checks } = data;
  const verdict = summary.fail > 0 ? `${summary.fail} check(s) failed` : summary.warn > 0 ? "No failure" : "All good";
  return (
    <Card>
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-5 py-3">
        <p className="text-sm text-slate-700">
          <span className={summary.fail > 0 ? "font-semibold text-red-700" : "font-semibold text-slate-900"}>{verdict}</span>
          {`: ${summary.ok} ok, ${summary.warn} warning(s), ${summary.fail} failure(s).`}
        </p>
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching ? "Checking…" : "Check again"}
        </Button>
      </header>
      <ul className="divide-y divide-slate-100">
        {checks.map((check) => (
          <CheckRow key={check.name} check={check} />
        ))}
      </ul>
    </Card>
  );
}
