import type { OpenTaskDto } from "@/api/http/contract.ts";
import { api } from "@/web/app/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";

/** Records that the user opened a link task's link (the server keeps the first time) and when its reward can be claimed. */
export async function openTask(taskId: number): Promise<OpenTaskDto> {
  const opened = await api.post<OpenTaskDto>(`tasks/${taskId}/open`, {}, { error: "tasks.openFailed" });
  // The task list carries the opening too, so the countdown is still there after leaving the screen.
  void invalidate("tasks");
  return opened;
}
