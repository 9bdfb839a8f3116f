import { expect, test } from "bun:test";
import type { TaskDto } from "@/api/contract.ts";
import { hasErrors, needsRewardConfirmation, newTaskForm, taskFormErrors, taskFormOf, taskInputOf } from "./task-form.ts";

const linkTask = {
  id: 7,
  kind: "link",
  title: "Read the post",
  description: null,
  rewardUsdt: "0.125",
  isActive: true,
  url: "https://example.com/post",
  waitSeconds: 45,
} as unknown as TaskDto;

test("a new task starts as the spec says and is refused without a title", () => {
  expect(newTaskForm).toMatchObject({ kind: "daily_activity", rewardUsdt: "0.2", isActive: true, waitSeconds: "30" });
  expect(taskFormErrors(newTaskForm)).toEqual({ title: "Title is required", reward: undefined, url: undefined, wait: undefined });
  expect(hasErrors(taskFormErrors({ ...newTaskForm, title: "  Share  " }))).toBe(false);
});

test("a reward is refused in the server's words, unless it is the edited task's own", () => {
  const form = { ...newTaskForm, title: "Share" };
  expect(taskFormErrors({ ...form, rewardUsdt: "0.125" }).reward).toBe("Reward must have at most 2 decimals");
  expect(taskFormErrors({ ...form, rewardUsdt: "1000.01" }).reward).toBe("Reward must be at most 1000 USDT");
  // Set before the 2-decimal rule: left as it was, it is neither checked nor sent again.
  const edited = taskFormOf(linkTask);
  expect(taskFormErrors(edited, linkTask).reward).toBeUndefined();
  expect(needsRewardConfirmation(taskInputOf(edited, linkTask), linkTask)).toBe(false);
});

test("a link task needs its URL and a whole wait; another kind ignores them", () => {
  const form = { ...newTaskForm, title: "Read", kind: "link" as const };
  expect(taskFormErrors({ ...form, url: " " }).url).toBe("URL is required for a link task");
  expect(taskFormErrors({ ...form, url: "ftp://example.com" }).url).toBe("URL must be an absolute http:// or https:// URL");
  expect(taskFormErrors({ ...form, url: "https://example.com", waitSeconds: "" }).wait).toBe("Wait must be a whole number of seconds from 0 to 3600");
  expect(taskFormErrors({ ...form, url: "https://example.com", waitSeconds: "3601" }).wait).toBe("Wait must be a whole number of seconds from 0 to 3600");
  expect(hasErrors(taskFormErrors({ ...form, kind: "custom", url: "", waitSeconds: "" }))).toBe(false);
});

test("what is sent: trimmed texts, a link's URL and wait, and a URL given up when the kind changes", () => {
  const form = { ...newTaskForm, kind: "link" as const, title: " Read ", description: " Open it ", rewardUsdt: " 0.5 ", url: " https://example.com/a ", waitSeconds: "45" };
  expect(taskInputOf(form)).toEqual({ kind: "link", title: "Read", description: "Open it", rewardUsdt: "0.5", isActive: true, url: "https://example.com/a", waitSeconds: 45 });
  expect(taskInputOf({ ...taskFormOf(linkTask), kind: "custom" }, linkTask)).toMatchObject({ kind: "custom", url: null });
  expect(taskInputOf({ ...newTaskForm, kind: "custom", title: "A" })).not.toHaveProperty("url");
});

test("only a new reward above the large-reward size waits for a confirmation", () => {
  const form = { ...newTaskForm, title: "Big" };
  expect(needsRewardConfirmation(taskInputOf({ ...form, rewardUsdt: "10" }))).toBe(false);
  expect(needsRewardConfirmation(taskInputOf({ ...form, rewardUsdt: "10.01" }))).toBe(true);
  const big = { ...linkTask, rewardUsdt: "250.00" } as TaskDto;
  expect(needsRewardConfirmation(taskInputOf(taskFormOf(big), big), big)).toBe(false);
  expect(needsRewardConfirmation(taskInputOf({ ...taskFormOf(big), rewardUsdt: "251" }, big), big)).toBe(true);
});
