// Create a task (with its validation), edit it and switch it off, from the tasks page and the
// dashboard's Recent Tasks; a link task with its URL and wait; a large reward saved only once
// confirmed with the amount written out.
import { expect, test } from "bun:test";
import { screenshot } from "@/tests/support/browser.ts";
import { toastText } from "@/tests/support/toast.ts";
import { PHONE, useAdminHarness, viewportScreenshot } from "./admin-helpers.ts";

const h = useAdminHarness();

type Task = { id: number; kind: string; title: string; description: string; rewardUsdt: string; isActive: boolean; url: string | null; waitSeconds: number };
const taskNamed = async (title: string) => (await h.api<Task[]>("admin/tasks")).find((t) => t.title === title);

test("create a task: title required, reward checked, defaults as the spec says", async () => {
  const page = await h.page();
  await page.goto("/admin/tasks");
  await page.getByRole("button", { name: "Create Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Task" });
  expect(await dialog.getByLabel("Task type").inputValue()).toBe("daily_activity");
  expect(await dialog.getByLabel("Reward (USDT)").inputValue()).toBe("0.2");
  expect(await dialog.getByLabel("Active (users can see and complete it)").isChecked()).toBe(true);
  await viewportScreenshot(page, "admin-create-task-dialog-1280");

  await dialog.getByRole("button", { name: "Create Task" }).click();
  await dialog.getByText("Title is required").waitFor();
  await dialog.getByLabel("Title").fill("Share the bot");
  await dialog.getByLabel("Reward (USDT)").fill("0.125");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await dialog.getByText("Reward must have at most 2 decimals").waitFor();
  // The server's limit on a reward (rules.ts), in the server's words, before anything is sent.
  await dialog.getByLabel("Reward (USDT)").fill("1000.01");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await dialog.getByText("Reward must be at most 1000 USDT").waitFor();
  expect(await taskNamed("Share the bot")).toBeUndefined();

  await dialog.getByLabel("Task type").selectOption("custom");
  await dialog.getByLabel("Description").fill("Send the bot link to three friends.");
  await dialog.getByLabel("Reward (USDT)").fill("0.35");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  expect(await toastText(page, "Task created successfully")).toContain("Task created successfully");
  await dialog.waitFor({ state: "detached" });
  await page.getByTestId("task-card").filter({ hasText: "Share the bot" }).getByText("0.35").waitFor();

  const task = await taskNamed("Share the bot");
  expect(task).toMatchObject({ kind: "custom", description: "Send the bot link to three friends.", rewardUsdt: "0.35", isActive: true });
});

test("a link task: URL and wait checked as the server checks them, shown on its card, dropped with the kind", async () => {
  const page = await h.page({ viewport: PHONE });
  await page.goto("/admin/tasks");
  await page.getByRole("button", { name: "Create Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Task" });
  // Only a link task has them.
  expect(await dialog.getByLabel("Link URL").count()).toBe(0);
  await dialog.getByLabel("Task type").selectOption("link");
  expect(await dialog.getByLabel("Wait before claiming (seconds)").inputValue()).toBe("30");
  await dialog.getByLabel("Title").fill("Read our launch post");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await dialog.getByText("URL is required for a link task").waitFor();
  await dialog.getByLabel("Link URL").fill("ftp://example.com/launch");
  await dialog.getByLabel("Wait before claiming (seconds)").fill("3601");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await dialog.getByText("URL must be an absolute http:// or https:// URL").waitFor();
  await dialog.getByText("Wait must be a whole number of seconds from 0 to 3600").scrollIntoViewIfNeeded();
  await viewportScreenshot(page, "admin-create-link-task-dialog-390");
  expect(await taskNamed("Read our launch post")).toBeUndefined();

  await dialog.getByLabel("Link URL").fill("https://example.com/blog/launch?ref=bot");
  await dialog.getByLabel("Wait before claiming (seconds)").fill("45");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  expect(await toastText(page, "Task created successfully")).toContain("Task created successfully");
  await dialog.waitFor({ state: "detached" });
  expect(await taskNamed("Read our launch post")).toMatchObject({ kind: "link", url: "https://example.com/blog/launch?ref=bot", waitSeconds: 45 });

  const card = page.getByTestId("task-card").filter({ hasText: "Read our launch post" });
  const link = card.getByRole("link", { name: "example.com/blog/launch?ref=bot" });
  expect(await link.getAttribute("href")).toBe("https://example.com/blog/launch?ref=bot");
  expect(await link.getAttribute("target")).toBe("_blank");
  expect(await link.getAttribute("rel")).toContain("noopener");
  expect(await card.innerText()).toContain("45 s wait");
  await card.scrollIntoViewIfNeeded();
  await viewportScreenshot(page, "admin-tasks-link-card-390");

  // Changed to another kind, the task gives up its link (the form sends url: null).
  await card.getByRole("button", { name: "Edit Read our launch post" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Task" });
  expect(await edit.getByLabel("Link URL").inputValue()).toBe("https://example.com/blog/launch?ref=bot");
  await edit.getByLabel("Task type").selectOption("custom");
  expect(await edit.getByLabel("Link URL").count()).toBe(0);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  expect(await toastText(page, "Task “Read our launch post” updated")).toContain("Reward 0.2 USDT, active.");
  expect(await taskNamed("Read our launch post")).toMatchObject({ kind: "custom", url: null, waitSeconds: 0 });
  await card.getByText("Custom").waitFor();
  expect(await card.getByTestId("task-link").count()).toBe(0);
});

test("edit a task and switch it off and on", async () => {
  const page = await h.page({ viewport: PHONE });
  await page.goto("/admin/tasks");
  const card = page.getByTestId("task-card").filter({ hasText: "Follow us on X" });
  await card.getByRole("button", { name: "Edit Follow us on X" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Task" });
  await dialog.getByLabel("Title").fill("Follow us on X (Twitter)");
  await dialog.getByLabel("Reward (USDT)").fill("0.4");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  expect(await toastText(page, "Task “Follow us on X (Twitter)” updated")).toContain("Reward 0.4 USDT");
  expect(await taskNamed("Follow us on X (Twitter)")).toMatchObject({ rewardUsdt: "0.40", isActive: true });

  const edited = page.getByTestId("task-card").filter({ hasText: "Follow us on X (Twitter)" });
  const toggle = edited.getByRole("switch");
  expect(await toggle.getAttribute("aria-checked")).toBe("true");
  await toggle.click();
  expect(await toastText(page, "Task deactivated")).toContain("Task deactivated");
  await edited.getByText("Inactive").first().waitFor();
  expect((await taskNamed("Follow us on X (Twitter)"))!.isActive).toBe(false);
  await screenshot(page, "admin-tasks-after-edit-390");
  await toggle.click();
  await edited.locator('[role="switch"][aria-checked="true"]').waitFor();
  expect((await taskNamed("Follow us on X (Twitter)"))!.isActive).toBe(true);
});

test("a reward above the large-reward size is confirmed, written out in words; Cancel saves nothing", async () => {
  const page = await h.page();
  const posts: string[] = [];
  page.on("request", (request) => void (request.method() === "POST" && request.url().endsWith("/api/admin/tasks") && posts.push(request.url())));
  await page.goto("/admin/tasks");
  await page.getByRole("button", { name: "Create Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Task" });
  await dialog.getByLabel("Title").fill("Big launch quest");
  await dialog.getByLabel("Reward (USDT)").fill("250");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm a large reward" });
  expect(await confirm.getByTestId("amount-words").innerText()).toBe("two hundred fifty USDT");
  await confirm.getByText("250 USDT per completion").waitFor();
  await viewportScreenshot(page, "admin-task-large-reward-confirm-1280");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "detached" });
  await dialog.waitFor();
  expect(posts).toEqual([]);
  expect(await taskNamed("Big launch quest")).toBeUndefined();

  // At the size itself (10 USDT) no second question; above it, one more press saves it.
  await dialog.getByLabel("Reward (USDT)").fill("10.01");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  await confirm.getByRole("button", { name: "Create with this reward" }).click();
  expect(await toastText(page, "Task created successfully")).toContain("“Big launch quest” pays 10.01 USDT");
  expect(await taskNamed("Big launch quest")).toMatchObject({ rewardUsdt: "10.01" });
  await page.getByRole("button", { name: "Create Task" }).click();
  await dialog.getByLabel("Title").fill("Ten dollar task");
  await dialog.getByLabel("Reward (USDT)").fill("10");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  // The first task's toast may still be up: wait for this task's own.
  expect(await toastText(page, "“Ten dollar task”")).toContain("Task created successfully\n“Ten dollar task” pays 10 USDT");
  expect(await confirm.count()).toBe(0);
});

test("Create Task on the dashboard adds the task to Recent Tasks", async () => {
  const page = await h.page();
  await page.goto("/admin/dashboard");
  await page.getByTestId("recent-task").first().waitFor();
  await page.getByRole("button", { name: "Create Task" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Task" });
  await dialog.getByLabel("Title").fill("Weekend bonus");
  await dialog.getByRole("button", { name: "Create Task" }).click();
  expect(await toastText(page, "Task created successfully")).toContain("Task created successfully");
  await page.getByTestId("recent-task").filter({ hasText: "Weekend bonus" }).waitFor();
  expect(await taskNamed("Weekend bonus")).toMatchObject({ kind: "daily_activity", rewardUsdt: "0.20", isActive: true });
});

test("the dialog is keyboard-operable: Escape closes it and focus returns", async () => {
  const page = await h.page();
  await page.goto("/admin/tasks");
  const open = page.getByRole("button", { name: "Create Task" });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create Task" });
  await dialog.waitFor();
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("SELECT");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
});
