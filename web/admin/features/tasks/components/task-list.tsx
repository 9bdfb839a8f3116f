// The tasks page's cards, with loading skeletons, an empty state and the edit dialog.
import { useState } from "react";
import type { TaskDto } from "@/api/contract.ts";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { ListChecksIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { useTasks } from "@/web/admin/features/tasks/api/get-tasks.ts";
import { TaskCard } from "./task-card.tsx";
import { TaskFormDialog } from "./task-form-dialog.tsx";

export function TaskList() {
  const { data, isLoading, isFetching, error, refetch } = useTasks();
  const [editing, setEditing] = useState<TaskDto | undefined>();

  if (isLoading) {
    return (
      <div aria-busy="true" aria-label="Loading tasks" className="grid gap-4 lg:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-48 rounded-xl" />
        ))}
      </div>
    );
  }
  if (data === undefined) return <ErrorState title="Unable to load tasks" message={error?.message} onRetry={refetch} retrying={isFetching} />;
  if (data.length === 0) return <EmptyState icon={<ListChecksIcon className="h-10 w-10" />}>No tasks yet. Create the first one.</EmptyState>;

  return (
    <>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {data.map((task) => (
          <TaskCard key={task.id} task={task} onEdit={setEditing} />
        ))}
      </div>
      <TaskFormDialog open={editing !== undefined} task={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}
