// The dashboard's figures as the admin panel shows them.
import type { Task } from "@/domain/model/index.ts";
import { formatUsdt } from "@/domain/money.ts";

/** A task's completions, as the dashboard's recent tasks list them. */
export const taskStatView = (t: Task) => ({ id: t.id, title: t.title, kind: t.kind, completionCount: t.completionCount, rewardUsdt: formatUsdt(t.reward) });
