import { api } from "@/web/app/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";

/**
 * Completes a task; the server pays once (409 on a repeat), checks channel membership (403) and a
 * link task's opening and wait (409 with "Open the link first…" or "Wait N more seconds…").
 */
export async function completeTask(taskId: number) {
  const result = await api.post("/api/tasks/:id/complete", { params: { id: taskId } }, { error: "tasks.failed" });
  // A completion moves the balance, streak, activity, referral standing and rankings.
  void invalidate("me", "tasks", "leaderboard");
  return result;
}
