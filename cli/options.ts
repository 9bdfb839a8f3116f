// Flag validation shared by the commands: zod schemas run inside each action, before any call,
// and a failure names the flag as the user typed it.
import { z } from "zod";
import { readAmount, type AmountRule } from "@/domain/money.ts";
import { usageError } from "./errors.ts";

export const id = z.coerce.number({ error: "must be a positive integer" }).int("must be a positive integer").positive("must be a positive integer").max(Number.MAX_SAFE_INTEGER, "is too large");

export const limit = (max: number) => z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(1, "must be at least 1").max(max, `must be at most ${max}`).optional();

export const output = { json: z.boolean().optional(), csv: z.boolean().optional() };

/** --before: ids below this one, the page after the one that ended there. */
export const before = id.optional();

/**
 * An amount flag checked with the server's own rule for that kind of amount (amountRules in
 * rules.ts), so the CLI refuses before any call exactly what the server would, in its words. A
 * signed amount may also start with "+", which people write for a credit; it is dropped.
 */
export const amount = (rule: AmountRule) =>
  z
    .string()
    .trim()
    .transform((text) => (rule.signed ? text.replace(/^\+/, "") : text))
    .superRefine((text, ctx) => {
      const { problem } = readAmount(text, rule);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

export const ids = z.array(id).min(1, "give at least one id").transform((list) => [...new Set(list)]);

const flagName = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * Validates a command's options and positional arguments together, so every bad value is a usage
 * error naming the flag (--limit) or the argument (id "abc") as the user wrote it.
 */
export function parse<S extends z.ZodType>(schema: S, options: Record<string, unknown>, args: Record<string, unknown> = {}): z.output<S> {
  const result = schema.safeParse({ ...options, ...args });
  if (result.success) {
    const value = result.data as { json?: unknown; csv?: boolean };
    if (value?.json && value?.csv) throw usageError("--json and --csv cannot be used together");
    return result.data;
  }
  const issue = result.error.issues[0]!;
  const [key = "", index] = issue.path.map(String);
  if (key in args) {
    const given = index === undefined ? args[key] : (args[key] as unknown[])[Number(index)];
    const shown = typeof given === "string" ? JSON.stringify(given.trim().length > 40 ? `${given.trim().slice(0, 39)}…` : given.trim()) : given;
    throw usageError(`${key.replace(/s$/, "")}${shown === undefined ? "" : ` ${shown}`}: ${issue.message}`);
  }
  throw usageError(`${key ? flagName(key) : "input"}: ${issue.message}`);
}

export const jsonOption = ["--json", "print JSON (and nothing else) on stdout"] as const;
export const csvOption = ["--csv", "print CSV for spreadsheets"] as const;
export const yesOption = ["-y, --yes", "do not ask for confirmation"] as const;
