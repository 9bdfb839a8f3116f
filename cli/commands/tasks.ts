// refbot tasks list | create | edit | enable | disable.
import { Command, Option } from "commander";
import { z } from "zod";
import { readAmount, typedDecimals, wholeUsdt } from "@/domain/money.ts";
import { amountRules, rules } from "@/domain/rules.ts";
import { hasLink, linkRules, taskKindRules, type TaskPeriod, type TaskVerification } from "@/domain/task-kinds.ts";
import { taskKinds, type TaskKind } from "@/domain/model/index.ts";
import type { NewTaskBody, TaskChangesBody, TaskDto as Task } from "@/api/contract.ts";
import { usageError } from "@/cli/errors.ts";
import { fieldsHelp, fieldsOf, jsonFields, jsonFieldsOption } from "@/cli/json-fields.ts";
import { amount, csvOption, id, jsonOption, parse, yesOption } from "@/cli/options.ts";
import { colors } from "@/cli/output/colors.ts";
import { emit, emitList, type Column } from "@/cli/output/print.ts";
import { confirmOrStop, interactive, prompts, requireYesWithoutTerminal } from "@/cli/prompts.ts";
import { requireClient } from "@/cli/session.ts";

const columns: Column<Task>[] = [
  { header: "id", value: (t) => t.id, align: "right" },
  { header: "kind", value: (t) => t.kind },
  { header: "title", value: (t) => t.title, flex: true },
  { header: "reward", value: (t) => t.rewardUsdt, align: "right" },
  { header: "active", value: (t) => t.isActive, display: (t) => (t.isActive ? colors.green("yes") : colors.dim("no")) },
  { header: "done", csvHeader: "completions", value: (t) => t.completionCount, align: "right" },
];

const fields = fieldsOf<Task>()("id", "kind", "title", "description", "rewardUsdt", "isActive", "createdAt", "completionCount", "url", "waitSeconds");

const csvColumns: Column<Task>[] = [
  ...columns,
  { header: "description", value: (t) => t.description },
  { header: "created at", value: (t) => t.createdAt },
  { header: "url", value: (t) => t.url },
  { header: "wait seconds", value: (t) => (t.url === null ? null : t.waitSeconds) },
];

const linkText = (t: Task) => (t.url === null ? "" : `, opens ${t.url}, claimable ${t.waitSeconds} s later`);
const show = (t: Task) => `#${t.id} ${t.title} (${t.kind}, ${t.rewardUsdt} USDT, ${t.isActive ? "active" : "inactive"}${linkText(t)})`;

const periodText: Record<TaskPeriod, string> = { daily: "once per UTC day", once: "once" };
const verifyText: Record<TaskVerification, string> = {
  none: "",
  "channel membership": ", when the bot confirms the user joined the channel",
  "opened link and waited": "; needs --url, pays --wait seconds after it is opened",
};
const kindsHelp = taskKinds.map((k) => `  ${k.padEnd(16)}${periodText[taskKindRules[k].period]}${verifyText[taskKindRules[k].verify]}`).join("\n");

// Amounts stay text: the server parses them exactly. URLs and waits use the server's own checks.
const reward = amount(amountRules.taskReward);
const title = z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters");
const description = z.string().trim().max(2000, "must be at most 2000 characters");
const problem = (check: (value: string) => string | undefined) => (value: string, ctx: z.RefinementCtx) => {
  const why = check(value);
  if (why) ctx.addIssue({ code: "custom", message: why });
};
const url = z.string().trim().superRefine(problem(linkRules.urlProblem));
const wait = z
  .string()
  .trim()
  .superRefine(problem((text) => linkRules.waitProblem(/^\d+$/.test(text) ? Number(text) : Number.NaN)))
  .transform(Number);
/** What an interactive prompt's validate wants: true, or the reason. */
const promptCheck = (schema: z.ZodType) => (value: string) => schema.safeParse(value).error?.issues[0]?.message ?? true;

const list = new Command("list")
  .description("list every task with its reward and completions")
  .option(...jsonFieldsOption)
  .option(...csvOption)
  .addHelpText("after", `
${fieldsHelp(fields)}

Examples:
  $ refbot tasks list
  $ refbot tasks list --csv > tasks.csv
  $ refbot tasks list --json id,title,rewardUsdt`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ json: jsonFields(fields), csv: z.boolean().optional() }), rawOptions);
    const client = await requireClient(command);
    const rows = await client.tasks();
    emitList(rows, opts, opts.csv ? csvColumns : columns, "No tasks yet: add one with `refbot tasks create`.");
  });

const createOptions = z.object({
  kind: z.enum(taskKinds).optional(),
  title: title.optional(),
  description: description.optional(),
  reward: reward.optional(),
  url: url.optional(),
  wait: wait.optional(),
  inactive: z.boolean().optional(),
  yes: z.boolean().optional(),
  json: z.boolean().optional(),
});

type CreateOptions = z.output<typeof createOptions>;

/** --url and --wait belong to link tasks; with no --kind, an edit leaves that to the server. */
function checkLinkFlags(opts: Pick<CreateOptions, "url" | "wait">, kind: TaskKind | undefined): void {
  if (kind !== undefined && !hasLink(kind) && (opts.url !== undefined || opts.wait !== undefined)) {
    throw usageError(`--url and --wait are only for link tasks (--kind link), not ${kind}`);
  }
}

/**
 * Refuses before any call what the server would: link flags on another kind (a created task
 * without --kind is daily_activity) and, with no terminal to ask at, a missing title or URL.
 */
function checkCreateFlags(opts: CreateOptions): void {
  checkLinkFlags(opts, opts.kind ?? "daily_activity");
  if (interactive()) return;
  if (opts.title === undefined) throw usageError("--title is required (no terminal to ask at)");
  if (opts.kind === "link" && opts.url === undefined) throw usageError("--url is required for a link task (no terminal to ask at)");
}

const largeReward = (text: string | undefined) => text !== undefined && (readAmount(text, amountRules.taskReward).micro ?? 0) > rules.largeTaskReward;
const largeRewardText = `more than ${wholeUsdt(rules.largeTaskReward)} USDT per completion`;

/** A large --reward needs --yes when there is no terminal to ask at; checked before any call. */
function checkLargeReward(opts: Pick<CreateOptions, "reward" | "yes">): void {
  if (largeReward(opts.reward)) requireYesWithoutTerminal(opts.yes, `--reward ${opts.reward} pays ${largeRewardText}`);
}

/** At a terminal, a large reward (from a flag or typed at the prompt) is asked about before saving. */
async function confirmLargeReward(reward: string | number | undefined, yes: boolean | undefined): Promise<void> {
  const text = reward === undefined ? undefined : String(reward);
  if (largeReward(text)) await confirmOrStop(`A reward of ${text} USDT pays ${largeRewardText}. Save it?`, yes);
}

/** At a terminal, asks for what the flags left out. */
async function completeTask(opts: CreateOptions): Promise<NewTaskBody> {
  const ask = { output: process.stderr };
  const askAll = opts.title === undefined;
  const { input, select } = await prompts();
  const kind = opts.kind ?? (askAll ? await select({ message: "Kind:", choices: taskKinds.map((k) => ({ value: k })) }, ask) : undefined);
  const taskTitle = opts.title ?? (await input({ message: "Title:", validate: promptCheck(title) }, ask));
  const text = opts.description ?? (askAll ? await input({ message: "Description (optional):", validate: promptCheck(description) }, ask) : undefined);
  const rewardUsdt = opts.reward ?? (askAll ? await input({ message: "Reward in USDT:", default: wholeUsdt(rules.defaultTaskReward), validate: promptCheck(reward) }, ask) : undefined);
  const link = kind !== undefined && hasLink(kind);
  // The wait is asked along with a missing URL, or with everything else.
  const askWait = link && (askAll || opts.url === undefined);
  const linkUrl = opts.url ?? (link ? await input({ message: "URL to open:", validate: promptCheck(url) }, ask) : undefined);
  const waitText = askWait && opts.wait === undefined
    ? await input({ message: "Seconds from opening to claiming:", default: String(rules.defaultLinkWaitSeconds), validate: promptCheck(wait) }, ask)
    : undefined;
  const waitSeconds = opts.wait ?? (waitText === undefined ? undefined : Number(waitText.trim()));
  return { kind, title: taskTitle.trim(), description: text?.trim(), rewardUsdt: rewardUsdt?.trim(), isActive: !opts.inactive, url: linkUrl?.trim(), waitSeconds };
}

const largeRewardHelp = `A reward above ${wholeUsdt(rules.largeTaskReward)} USDT is confirmed at a terminal, and needs --yes
without one.`;

const create = new Command("create")
  .description("add a task (asks for what is missing when run at a terminal)")
  .addOption(new Option("--kind <kind>", "task kind (default daily_activity)").choices(taskKinds))
  .option("--title <text>", "title shown to users")
  .option("--description <text>", "longer text shown to users")
  .option("--reward <usdt>", `reward in USDT (default ${wholeUsdt(rules.defaultTaskReward)}, at most ${wholeUsdt(rules.maxTaskReward)}, ${typedDecimals} decimals)`)
  .option("--url <url>", "link tasks: the http(s) page users open")
  .option("--wait <seconds>", `link tasks: seconds from opening to claiming (default ${rules.defaultLinkWaitSeconds}, at most ${rules.maxLinkWaitSeconds})`)
  .option("--inactive", "create it switched off")
  .option(...yesOption)
  .option(...jsonOption)
  .addHelpText("after", `
Kinds, and how often each pays:
${kindsHelp}

${largeRewardHelp}

Examples:
  $ refbot tasks create
  $ refbot tasks create --kind custom --title "Share the bot" --reward 0.5
  $ refbot tasks create --kind link --title "Follow us on X" \\
      --url https://x.com/refbot --wait 30`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(createOptions, rawOptions);
    checkCreateFlags(opts);
    checkLargeReward(opts);
    const client = await requireClient(command);
    const input = await completeTask(opts);
    await confirmLargeReward(input.rewardUsdt, opts.yes);
    const task = await client.createTask(input);
    emit(task, opts, (t) => `Created ${show(t)}.`);
  });

const edit = new Command("edit")
  .description("change a task's title, description, reward, kind, or a link task's URL and wait")
  .argument("<id>", "task id")
  .addOption(new Option("--kind <kind>", "task kind (to make it a link task, give --url too)").choices(taskKinds))
  .option("--title <text>", "new title")
  .option("--description <text>", "new description")
  .option("--reward <usdt>", `new reward in USDT (at most ${wholeUsdt(rules.maxTaskReward)}, ${typedDecimals} decimals)`)
  .option("--url <url>", "link tasks: the new http(s) page users open")
  .option("--wait <seconds>", `link tasks: new seconds from opening to claiming (at most ${rules.maxLinkWaitSeconds})`)
  .option(...yesOption)
  .option(...jsonOption)
  .addHelpText("after", `
${largeRewardHelp}

Examples:
  $ refbot tasks edit 4 --title "Daily check-in" --reward 0.25
  $ refbot tasks edit 5 --url https://x.com/refbot --wait 60`)
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(createOptions.omit({ inactive: true }).extend({ id }), rawOptions, { id: rawId });
    checkLinkFlags(opts, opts.kind);
    const changes: TaskChangesBody = { kind: opts.kind, title: opts.title, description: opts.description, rewardUsdt: opts.reward, url: opts.url, waitSeconds: opts.wait };
    if (Object.values(changes).every((v) => v === undefined)) throw usageError("nothing to change: give --title, --description, --reward, --kind, --url or --wait");
    checkLargeReward(opts);
    const client = await requireClient(command);
    await confirmLargeReward(opts.reward, opts.yes);
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
