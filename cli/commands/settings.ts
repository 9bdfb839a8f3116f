// refbot settings list | get | set | reset: what an operator tunes while the service runs (the
// referral bonus, the minimum withdrawal, the payout limits, the broadcast pace, the links …),
// over the API. A change applies on every instance within a second; set and reset show old → new.
import { Command } from "commander";
import { z } from "zod";
import type { SettingDto as Setting, SettingsChangeDto } from "@/api/contract.ts";
import { isSettingKey, settingDefinitions, settingKeys } from "@/domain/settings.ts";
import { usageError } from "@/cli/errors.ts";
import { jsonOption, parse } from "@/cli/options.ts";
import { colors } from "@/cli/output/colors.ts";
import { when } from "@/cli/output/format.ts";
import { emit, emitList, type Column } from "@/cli/output/print.ts";
import { details } from "@/cli/output/table.ts";
import { requireClient } from "@/cli/session.ts";

const withUnit = (s: Pick<Setting, "unit">, value: string | number) => (s.unit ? `${value} ${s.unit}` : String(value));
const lastChange = (s: Setting) => (s.changed ? `${s.updatedBy ?? "a script"}, ${when(s.updatedAt)} UTC` : "");

const columns: Column<Setting>[] = [
  { header: "group", value: (s) => s.group },
  { header: "key", value: (s) => s.key },
  { header: "value", value: (s) => s.value, display: (s) => (s.changed ? colors.bold(withUnit(s, s.value)) : withUnit(s, s.value)) },
  { header: "default", value: (s) => s.default, display: (s) => colors.dim(withUnit(s, s.default)) },
  { header: "changed", value: (s) => lastChange(s), display: (s) => (s.changed ? `${s.updatedBy ?? "a script"}` : ""), flex: true },
];

/** A key as the server knows it, refused before any call otherwise. */
const key = z.string().refine(isSettingKey, { error: (issue) => `unknown setting ${JSON.stringify(issue.input)}; the settings are ${settingKeys.join(", ")}` });
const jsonOnly = z.object({ json: z.boolean().optional() });

const keysHelp = settingKeys.map((k) => `  ${k.padEnd(22)}${settingDefinitions[k].description}`).join("\n");

const list = new Command("list")
  .description("every setting: its value, its default and who changed it")
  .option(...jsonOption)
  .addHelpText("after", `
A value in bold was changed from its default.

Examples:
  $ refbot settings list
  $ refbot settings list --json | jq '.[] | select(.changed)'`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(jsonOnly, rawOptions);
    const client = await requireClient(command);
    emitList(await client.settings(), opts, columns);
  });

const get = new Command("get")
  .description("one setting: value, default, what it does, last change")
  .argument("<key>", "the setting (`refbot settings list`)")
  .option(...jsonOption)
  .action(async (given: string, rawOptions, command: Command) => {
    const { opts, name } = { opts: parse(jsonOnly, rawOptions), name: parse(z.object({ key }), { key: given }).key };
    const client = await requireClient(command);
    emit(await client.setting(name), opts, (s) =>
      details([
        ["key", s.key],
        ["value", withUnit(s, s.value)],
        ["default", withUnit(s, s.default)],
        ["group", s.group],
        ["about", s.description],
        ["changed", s.changed ? lastChange(s) : "no (the default)"],
      ]),
    );
  });

/** What a set or reset did, old → new, or that it changed nothing. */
function changeText(name: string, done: SettingsChangeDto, after: string): string {
  const [change] = done.changed;
  const setting = done.settings.find((s) => s.key === name)!;
  if (!change) return `${name} is already ${withUnit(setting, setting.value)}: nothing changed.`;
  return `${name}: ${withUnit(setting, change.from)} → ${colors.bold(withUnit(setting, change.to))}${after}`;
}

const set = new Command("set")
  .description("(owner) change a setting; every instance applies it within a second")
  .argument("<key>", "the setting (see below)")
  .argument("<value>", "the new value: amounts in USDT (0.25), counts as whole numbers, links as https://…")
  .option(...jsonOption)
  .addHelpText("after", `
Settings:
${keysHelp}

What was already paid or requested keeps its amount; the new value applies from the next request.

Examples:
  $ refbot settings set referralBonus 0.25
  $ refbot settings set minWithdrawal 20 --json
  $ refbot settings set channelUrl https://t.me/my_channel`)
  .action(async (given: string, value: string, rawOptions, command: Command) => {
    const opts = parse(jsonOnly, rawOptions);
    const name = parse(z.object({ key }), { key: given }).key;
    if (value.trim() === "") throw usageError("the value must not be empty");
    const client = await requireClient(command);
    const done = await client.setSetting(name, value);
    emit(done, opts, (d) => changeText(name, d, ""));
  });

const reset = new Command("reset")
  .description("(owner) put a setting back to its default")
  .argument("<key>", "the setting (`refbot settings list`)")
  .option(...jsonOption)
  .action(async (given: string, rawOptions, command: Command) => {
    const opts = parse(jsonOnly, rawOptions);
    const name = parse(z.object({ key }), { key: given }).key;
    const client = await requireClient(command);
    const done = await client.resetSetting(name);
    emit(done, opts, (d) => (d.changed.length ? changeText(name, d, " (the default)") : `${name} is at its default already: nothing changed.`));
  });

export const settingsCommand = new Command("settings")
  .description("the operator's settings: bonus, minimum withdrawal, limits, pace, links, name")
  .addCommand(list)
  .addCommand(get)
  .addCommand(set)
  .addCommand(reset);
