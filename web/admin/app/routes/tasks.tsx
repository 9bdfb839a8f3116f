import { PageHeader } from "@/web/admin/components/layout/page-header.tsx";
import { CreateTaskButton } from "@/web/admin/features/tasks/components/create-task-button.tsx";
import { TaskList } from "@/web/admin/features/tasks/components/task-list.tsx";

export function TasksRoute() {
  return (
    <>
      <PageHeader title="Tasks" description="Tasks users complete in the mini app for a USDT reward." actions={<CreateTaskButton />} />
      <TaskList />
    </>
  );
}
