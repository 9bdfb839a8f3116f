import { PageHeader } from "@/web/admin/components/layout/page-header.tsx";
import { CreateTaskButton } from "@/web/admin/features/tasks/components/create-task-button.tsx";
import { TaskList } from "@/web/admin/features/tasks/components/task-list.tsx";
import { useAccess } from "@/web/admin/lib/access.ts";

export function TasksRoute() {
  const canCreate = useAccess().can("tasks:write");
  return (
    <>
      <PageHeader title="Tasks" description="Tasks users complete in the mini app for a USDT reward." actions={canCreate ? <CreateTaskButton /> : undefined} />
      <TaskList />
    </>
  );
}
