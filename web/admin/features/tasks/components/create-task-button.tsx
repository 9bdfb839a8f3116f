// "Create Task" button with its dialog; used on the tasks page and in the dashboard's Recent Tasks.
import { useState } from "react";
import { Button, type ButtonProps } from "@/web/shared/ui/button.tsx";
import { PlusIcon } from "@/web/shared/ui/icons.tsx";
import { TaskFormDialog } from "./task-form-dialog.tsx";

export function CreateTaskButton({ size = "md" }: { size?: ButtonProps["size"] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)}>
        <PlusIcon />
        Create Task
      </Button>
      <TaskFormDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
