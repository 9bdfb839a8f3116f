// A task as the API shows it, to admins and (with the user's flags) to users.
import type { Task } from "@/domain/model/index.ts";
import { formatUsdt } from "@/domain/money.ts";

export const taskView = (t: Task) => ({
  id: t.id,
  kind: t.kind,
  title: t.title,
  description: t.description,
  rewardUsdt: formatUsdt(t.reward),
  isActive: t.isActive,
  createdAt: t.createdAt,
  completionCount: t.completionCount,
  url: t.url,
  waitSeconds: t.waitSeconds,
});
