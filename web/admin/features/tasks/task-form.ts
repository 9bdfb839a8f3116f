// The task form's values and the rules it checks them by, apart from how the form is drawn: the
// server's own rules for a reward (rules.ts: at most 2 decimals, as the input's step 0.01 says,
// and at most 1000 USDT) and for a link (task-kinds.ts), so the form refuses exactly what the
// server would, in its words.
import type { NewTaskBody, TaskDto } from "@/api/contract.ts";
import { readAmount, wholeUsdt } from "@/domain/money.ts";
import { amountRules, rules } from "@/domain/rules.ts";
import { hasLink, linkRules } from "@/domain/task-kinds.ts";

export const MAX_REWARD = wholeUsdt(rules.maxTaskReward);

/** The form's boxes as typed; the URL and the wait are kept while another kind is chosen, in case it is chosen back. */
export type TaskForm = Required<Pick<NewTaskBody, "kind" | "title" | "description" | "isActive">> & { rewardUsdt: string; url: string; waitSeconds: string };

/** What the form sends: its reward is always the text typed. */
export type TaskInput = NewTaskBody & { rewardUsdt: string };

/** The spec's defaults for a new task: daily_activity, 0.2 USDT, active. */
export const newTaskForm: TaskForm = { kind: "daily_activity", title: "", description: "", rewardUsdt: "0.2", isActive: true, url: "", waitSeconds: String(rules.defaultLinkWaitSeconds) };

export function taskFormOf(task: TaskDto): TaskForm {
  return {
    kind: task.kind,
    title: task.title,
    description: task.description ?? "",
    rewardUsdt: task.rewardUsdt,
    isActive: task.isActive,
    url: task.url ?? "",
    waitSeconds: String(hasLink(task.kind) ? task.waitSeconds : rules.defaultLinkWaitSeconds),
  };
}

/**
 * Whether a reward is the edited task's own, left as it was: it is neither checked nor sent
 * again, so a task whose reward has more decimals than people may type (set before that rule)
 * can still be edited.
 */
export const keepsReward = (rewardUsdt: string, task?: TaskDto) => task !== undefined && rewardUsdt.trim() === task.rewardUsdt;

const checkReward = (value: string) => {
  const { problem } = readAmount(value, amountRules.taskReward);
  return problem && `Reward ${problem}`;
};
const checkUrl = (value: string) => {
  if (!value) return "URL is required for a link task";
  const problem = linkRules.urlProblem(value);
  return problem && `URL ${problem}`;
};
// An empty box is no number of seconds, though Number("") would read it as 0.
const waitOf = (value: string) => (value.trim() === "" ? Number.NaN : Number(value));
const checkWait = (value: string) => {
  const problem = linkRules.waitProblem(waitOf(value));
  return problem && `Wait ${problem}`;
};

export type TaskFormErrors = { title?: string; reward?: string; url?: string; wait?: string };

/** What stops the form from being sent, box by box; a link's boxes count only for a link task. */
export function taskFormErrors(form: TaskForm, task?: TaskDto): TaskFormErrors {
  const link = hasLink(form.kind);
  return {
    title: form.title.trim() ? undefined : "Title is required",
    reward: keepsReward(form.rewardUsdt, task) ? undefined : checkReward(form.rewardUsdt.trim()) || undefined,
    url: link ? checkUrl(form.url.trim()) || undefined : undefined,
    wait: link ? checkWait(form.waitSeconds) || undefined : undefined,
  };
}

export const hasErrors = (errors: TaskFormErrors) => Object.values(errors).some(Boolean);

/** What a checked form sends: trimmed texts, and a link's URL and wait only for a link task. */
export function taskInputOf(form: TaskForm, task?: TaskDto): TaskInput {
  const { url, waitSeconds, ...fields } = form;
  const input: TaskInput = { ...fields, title: form.title.trim(), description: form.description.trim(), rewardUsdt: form.rewardUsdt.trim() };
  if (hasLink(form.kind)) {
    input.url = url.trim();
    input.waitSeconds = waitOf(waitSeconds);
  }
  // A task changed away from link says outright that its URL goes, not only by its new kind.
  else if (task?.url) input.url = null;
  return input;
}

/** Whether saving the input waits for a confirmation: a new reward above rules.largeTaskReward. */
export function needsRewardConfirmation(input: TaskInput, task?: TaskDto): boolean {
  if (keepsReward(input.rewardUsdt, task)) return false;
  return (readAmount(input.rewardUsdt, amountRules.taskReward).micro ?? 0) > rules.largeTaskReward;
}
