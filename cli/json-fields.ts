// `--json [fields]`, as gh has it: alone, every field of the API's answer, as before; with a
// comma-separated list, only those fields, in that order. Each list names its fields next to its
// answer type, and the compiler holds the names to that type.
import type { Command } from "commander";
import { z } from "zod";

type Missing<T, K extends readonly PropertyKey[]> = [Exclude<keyof T, K[number]>] extends [never] ? unknown : { missingFields: Exclude<keyof T, K[number]> };

/** Every key of T, in the order given: a key left out, or one T lacks, does not compile. */
export const fieldsOf =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(...keys: K & Missing<T, K>): readonly string[] =>
    keys;

export const jsonFieldsOption = ["--json [fields]", "print JSON on stdout; --json a,b keeps only fields a and b"] as const;

/** The help's list of fields, wrapped to stay within 80 columns. */
export function fieldsHelp(fields: readonly string[], title = "Fields for --json:"): string {
  const lines = [title];
  let line = "";
  for (const field of fields) {
    const word = `${field},`;
    if (line && line.length + word.length + 1 > 78) {
      lines.push(`  ${line}`);
      line = "";
    }
    line += line ? ` ${word}` : word;
  }
  lines.push(`  ${line.replace(/,$/, "")}`);
  return lines.join("\n");
}

/** The --json value: undefined, true for every field, or the fields picked. */
export const jsonFields = (fields: readonly string[]) =>
  z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value, ctx) => {
      if (typeof value !== "string") return value;
      const picked = [...new Set(value.split(",").map((f) => f.trim()).filter(Boolean))];
      if (picked.length === 0) return true;
      const unknown = picked.filter((f) => !fields.includes(f));
      if (unknown.length > 0) {
        const names = unknown.map((f) => JSON.stringify(f)).join(", ");
        ctx.addIssue({ code: "custom", message: `unknown field${unknown.length > 1 ? "s" : ""} ${names}; available: ${fields.join(", ")}` });
        return z.NEVER;
      }
      return picked;
    });

/** Only the picked fields of each row, in the order asked for. */
export function pickFields(rows: readonly object[], fields: readonly string[]): Record<string, unknown>[] {
  return rows.map((row) => Object.fromEntries(fields.map((f) => [f, (row as Record<string, unknown>)[f]])));
}

/**
 * For a command that also takes arguments: the word after --json is read as fields only when it
 * names one of the command's fields or lists several, so `users search --json alice` still
 * searches for alice, as it did when --json took no value. Commander would take any word there.
 */
export function argumentsAfterJson(command: Command, fields: readonly string[]): Command {
  const parseOptions = command.parseOptions.bind(command);
  command.parseOptions = (args: string[]) => {
    const at = args.indexOf("--json");
    const next = args[at + 1];
    const end = args.indexOf("--");
    const fieldList = next === undefined || next.startsWith("-") || next.includes(",") || fields.includes(next);
    if (at === -1 || (end !== -1 && end < at) || fieldList) return parseOptions(args);
    // "--json=" is --json with an empty list, which means every field.
    return parseOptions([...args.slice(0, at), "--json=", ...args.slice(at + 1)]);
  };
  return command;
}
