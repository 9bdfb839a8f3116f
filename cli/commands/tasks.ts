// refbot tasks list | create | edit | enable | disable.
import { Command, Option } from "commander";
import { z } from "zod";
import { wholeUsdt } from "../../api/domain/money.ts";
import { amountRules, rules } from "../../api/domain/rules.ts";
import { taskKinds } from "../../db/schema/tasks.ts";
import type { Task, TaskInput } from "../api-client.ts";
import { usageError } from "../errors.ts";
import { amount, csvOption, id, jsonOption, output, parse } from "../options.ts";
import { colors } from "../output/colors.ts";
import { emit, emitList, type Column } from "../output/print.ts";
import { interactive, prompts } from "../prompts.ts";
import { requireClient } from "../session.ts";

const columns: Column<Task>[] = [
  { header: "id", value: (t) => t.id, align: "right" },
  { header: "kind", value: (t) => t.kind },
  { header: "title", value: (t) => t.title, flex: true },
  { header: "reward", value: (t) => t.rewardUsdt, align: "right" },
  { header: "active", value: (t) => t.isActive, display: (t) => (t.isActive ? colors.green("yes") : colors.dim("no")) },
  { header: "done", value: (t) => t.completionCount, align: "right" },
];

const csvColumns: Column<Task>[] = [...columns, { header: "description", value: (t) => t.description }, { header: "created at", value: (t) => t.createdAt }];

const show = (t: Task) => `#${t.id} ${t.title} (${t.kind}, ${t.rewardUsdt} USDT, ${t.isActive ? "active" : "inactive"})`;

// Amounts stay text: the server parses them exactly.
const reward = amount(amountRules.taskReward);
const title = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters");
const description = z.string().trim().max(2000, "must be at most 2000 characters");

const list = new Command("list")
  .description("list every task with its reward and completions")
  .option(...jsonOption)
  .option(...csvOption)
  .addHelpText("after", "\nExamples:\n  $ refbot tasks list\n  $ refbot tasks list --csv > tasks.csv")
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object(output), rawOptions);
    const client = await requireClient(command);
    const rows = await client.tasks();
    emitList(rows, opts, opts.csv ? csvColumns : columns, "No tasks yet: add one with `refbot tasks create`.");
  });

const createOptions = z.object({
  kind: z.enum(taskKinds).optional(),
  title: title.optional(),
  description: description.optional(),
  reward: reward.optional(),
  inactive: z.boolean().optional(),
  json: z.boolean().optional(),
});

/** At a terminal, asks for what the flags left out; elsewhere a missing title is an error. */
async function completeTask(opts: z.output<typeof createOptions>): Promise<TaskInput> {
  const given = opts.title !== undefined;
  if (!given && !interactive()) throw usageError("--title is required (no terminal to ask at)");
  const ask = { output: process.stderr };
  const askAll = !given;
  const { input, select } = await prompts();
  const kind = opts.kind ?? (askAll ? await select({ message: "Kind:", choices: taskKinds.map((k) => ({ value: k })) }, ask) : undefined);
  const taskTitle = opts.title ?? (await input({ message: "Title:", validate: (v) => title.safeParse(v).error?.issues[0]?.message ?? true }, ask));
  const text = opts.description ?? (askAll ? await input({ message: "Description (optional):", validate: (v) => description.safeParse(v).error?.issues[0]?.message ?? true }, ask) : undefined);
  const rewardUsdt = opts.reward ?? (askAll ? await input({ message: "Reward in USDT:", default: "0.2", validate: (v) => reward.safeParse(v).error?.issues[0]?.message ?? true }, ask) : undefined);
  return { kind, title: taskTitle.trim(), description: text?.trim(), rewardUsdt: rewardUsdt?.trim(), isActive: !opts.inactive };
}

const create = new Command("create")
  .description("add a task (asks for what is missing when run at a terminal)")
  .addOption(new Option("--kind <kind>", "task kind (default daily_activity)").choices(taskKinds))
  .option("--title <text>", "title shown to users")
  .option("--description <text>", "longer text shown to users")
  .option("--reward <usdt>", `reward in USDT (default 0.2, at most ${wholeUsdt(rules.maxTaskReward)})`)
  .option("--inactive", "create it switched off")
  .option(...jsonOption)
  .addHelpText("after", `
daily_activity is done once per UTC day; follow_channel and custom once.

Examples:
  $ refbot tasks create
  $ refbot tasks create --kind custom --title "Share the bot" --reward 0.5`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(createOptions, rawOptions);
    const client = await requireClient(command);
    const task = await client.createTask(await completeTask(opts));
    emit(task, opts, (t) => `Created ${show(t)}.`);
  });

const edit = new Command("edit")
  .description("change a task's title, description, reward or kind")
  .argument("<id>", "task id")
  .addOption(new Option("--kind <kind>", "task kind").choices(taskKinds))
  .option("--title <text>", "new title")
  .option("--description <text>", "new description")
  .option("--reward <usdt>", `new reward in USDT (at most ${wholeUsdt(rules.maxTaskReward)})`)
  .option(...jsonOption)
  .addHelpText("after", '\nExample:\n  $ refbot tasks edit 4 --title "Daily check-in" --reward 0.25')
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(createOptions.omit({ inactive: true }).extend({ id }), rawOptions, { id: rawId });
    const changes: TaskInput = { kind: opts.kind, title: opts.title, description: opts.description, rewardUsdt: opts.reward };
    if (Object.values(changes).every((v) => v === undefined)) throw usageError("nothing to change: give --title, --description, --reward or --kind");
    const client = await requireClient(command);
    const task = await client.updateTask(opts.id, changes);
    emit(task, opts, (t) => `Updated ${show(t)}.`);
  });

const toggle = (name: "enable" | "disable") =>
  new Command(name)
    .description(name === "enable" ? "switch a task on, so users can complete it" : "switch a task off; users no longer see it")
    .argument("<id>", "task id")
    .option(...jsonOption)
    .addHelpText("after", `\nExample:\n  $ refbot tasks ${name} 4`)
    .action(async (rawId: string, rawOptions, command: Command) => {
      const opts = parse(z.object({ id, json: z.boolean().optional() }), rawOptions, { id: rawId });
      const client = await requireClient(command);
      const task = await client.updateTask(opts.id, { isActive: name === "enable" });
      emit(task, opts, (t) => `${name === "enable" ? "Enabled" : "Disabled"} ${show(t)}.`);
    });

export const tasksCommand = new Command("tasks")
  .description("tasks users complete for rewards")
  .addCommand(list)
  .addCommand(create)
  .addCommand(edit)
  .addCommand(toggle("enable"))
  .addCommand(toggle("disable"));
