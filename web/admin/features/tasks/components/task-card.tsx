// One task: icon by kind, title, description, a link task's link and wait, Active/Inactive badge,
// reward, type, created date, status and completions, with edit and the active switch.
import type { TaskDto } from "@/api/contract.ts";
import { taskKindLabels } from "@/domain/labels.ts";
import { formatCount } from "@/web/shared/format.ts";
import { formatDate } from "@/web/shared/format-time.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { Button } from "@/web/shared/ui/button.tsx";
import { ClockIcon, LinkIcon, PencilIcon } from "@/web/shared/ui/icons.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";
import { ActiveSwitch } from "./active-switch.tsx";
import { TaskKindIcon } from "./task-kind-icon.tsx";
import { Fact } from "@/web/admin/components/fact.tsx";
import { useAccess } from "@/web/admin/lib/access.ts";

/** "x.com/refbot": host and path, enough to recognise a link at a glance (the title has all of it). */
function shortUrl(url: string): string {
  try {
    const { host, pathname, search } = new URL(url);
    return host + (pathname === "/" ? "" : pathname) + search;
  } catch {
    return url; // The server only stores valid URLs; an odd one still shows as it is.
  }
}

/** A link task's link and wait, below the card's header so a long link is not squeezed beside the reward. */
function TaskLink({ url, waitSeconds }: { url: string; waitSeconds: number }) {
  return (
    <p className="mt-2 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 pl-13 text-sm" data-testid="task-link">
      <a href={url} target="_blank" rel="noopener noreferrer" title={url} className="flex min-w-0 items-center gap-1.5 font-medium text-indigo-600 hover:underline">
        <LinkIcon className="h-4 w-4 shrink-0" />
        <span className="truncate">{shortUrl(url)}</span>
      </a>
      <span className="flex shrink-0 items-center gap-1.5 text-slate-500">
        <ClockIcon className="h-4 w-4" />
        {waitSeconds} s wait
      </span>
    </p>
  );
}

export function TaskCard({ task, onEdit }: { task: TaskDto; onEdit: (task: TaskDto) => void }) {
  const canEdit = useAccess().can("tasks:write");
  return (
    <article data-testid="task-card" className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <TaskKindIcon kind={task.kind} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-words text-slate-900">{task.title}</h3>
            <Badge tone={task.isActive ? "success" : "neutral"}>{task.isActive ? "Active" : "Inactive"}</Badge>
          </div>
          <p className="mt-1 text-sm break-words text-slate-600">{task.description || <span className="text-slate-400 italic">No description</span>}</p>
        </div>
        <UsdtAmount amount={task.rewardUsdt} />
      </div>
      {task.url && <TaskLink url={task.url} waitSeconds={task.waitSeconds} />}
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 border-t border-slate-100 pt-3 text-sm sm:grid-cols-4">
        <Fact label="Type">{taskKindLabels[task.kind] ?? task.kind}</Fact>
        <Fact label="Created">{formatDate(task.createdAt)}</Fact>
        <Fact label="Status" className={task.isActive ? "font-medium text-emerald-700" : "font-medium text-slate-500"}>
          {task.isActive ? "Active" : "Inactive"}
        </Fact>
        <Fact label="Completions" className="font-medium text-slate-800 tabular-nums">
          {formatCount(task.completionCount)}
        </Fact>
      </dl>
      {canEdit && (
        <div className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <div className="flex items-center gap-2 text-sm text-slate-600">
            <ActiveSwitch task={task} />
            <span aria-hidden="true">{task.isActive ? "Active" : "Inactive"}</span>
          </div>
          <Button variant="outline" size="sm" onClick={() => onEdit(task)} aria-label={`Edit ${task.title}`}>
            <PencilIcon />
            Edit
          </Button>
        </div>
      )}
    </article>
  );
}
