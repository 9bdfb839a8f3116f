import { api } from "@/web/app/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";

/** Records that the user opened a link task's link (the server keeps the first time) and when its reward can be claimed. */
export async function openTask(taskId: number) {
  const opened = await api.post("/api/tasks/:id/open", { params: { id: taskId } }, { error: "tasks.openFailed" });
  // The task list carries the opening too, so the countdown is still there after leaving the screen.
  void invalidate("tasks");
  return opened;
}
