// One task: icon by kind, title, description, Active/Inactive badge, reward, type, created date,
// status and completions, with edit and the active switch.
import { taskKindLabels } from "../../../../../api/domain/labels.ts";
import { formatCount, formatDate } from "../../../../shared/format.ts";
import { Badge } from "../../../../shared/ui/badge.tsx";
import { Button } from "../../../../shared/ui/button.tsx";
import { PencilIcon } from "../../../../shared/ui/icons.tsx";
import { UsdtAmount } from "../../../../shared/ui/usdt-amount.tsx";
import type { Task } from "../api/types.ts";
import { ActiveSwitch } from "./active-switch.tsx";
import { TaskKindIcon } from "./task-kind-icon.tsx";

export function TaskCard({ task, onEdit }: { task: Task; onEdit: (task: Task) => void }) {
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
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 border-t border-slate-100 pt-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-500">Type</dt>
          <dd className="font-medium text-slate-800">{taskKindLabels[task.kind] ?? task.kind}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Created</dt>
          <dd className="font-medium text-slate-800">{formatDate(task.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Status</dt>
          <dd className={task.isActive ? "font-medium text-emerald-700" : "font-medium text-slate-500"}>{task.isActive ? "Active" : "Inactive"}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Completions</dt>
          <dd className="font-medium text-slate-800 tabular-nums">{formatCount(task.completionCount)}</dd>
        </div>
      </dl>
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
    </article>
  );
}
