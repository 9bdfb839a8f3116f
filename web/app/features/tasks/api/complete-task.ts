import type { UserTask } from "../../../api/types.ts";
import { api } from "../../../lib/api-client.ts";
import { refetch } from "../../../lib/query.ts";

export type Completion = { reward: string; balance: string; streak: number; task: UserTask };

/** Completes a task; the server pays once (409 on a repeat) and checks channel membership (403). */
export async function completeTask(taskId: number): Promise<Completion> {
  const result = await api.post<Completion>(`tasks/${taskId}/complete`, {}, { errorTitle: "Task completion failed" });
  // A completion moves the balance, streak, activity, referral standing and rankings.
  void refetch("me", "tasks", "leaderboard", "me/activity", "me/balance", "me/rank", "me/referrals");
  return result;
}
