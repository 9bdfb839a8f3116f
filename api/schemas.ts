// Request shapes shared by several routes. Task shapes derive from the table (drizzle-zod).
import { createInsertSchema } from "drizzle-zod";
import { z } from "zod";
import { tasks } from "@/db/sqlite/schema/index.ts";
import { riskStatuses, withdrawalStatuses } from "@/domain/model/index.ts";
import { languages } from "@/domain/i18n/languages.ts";
import { leaderboardCategories } from "@/domain/leaderboard.ts";

// Ids arrive as text in paths and queries: digits only, so "0x1", "1e0" or " 1" is not id 1.
const positiveId = z
  .string("must be a positive integer")
  .regex(/^\d+$/, "must be a positive integer")
  .transform(Number)
  .pipe(z.number().int("must be a positive integer").positive("must be a positive integer").max(Number.MAX_SAFE_INTEGER, "is too large"));

export const idParams = z.object({ id: positiveId });

export const limitQuery = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

/** A leaderboard: the category in the path, how many entries in the query (each side its own default). */
export const leaderboardParams = z.object({ category: z.enum(leaderboardCategories) });
export const leaderboardQuery = (defaultLimit: number) => z.object({ limit: limitQuery(defaultLimit, 100) });

export const pageQuery = z.object({
  limit: limitQuery(50, 200),
  before: positiveId.optional(),
});

/** Amounts arrive as decimal strings or JSON numbers; money.ts parses them exactly. */
export const amountInput = z.union([z.string().max(40), z.number()]);

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

const taskColumns = createInsertSchema(tasks).pick({ kind: true, isActive: true });

// Only the types here: which kind needs a URL, and what makes a URL or a wait good, is the
// domain's (tasks.ts, task-kinds.ts), which answers in the same field-named words.
const taskLink = {
  url: z.string("must be a URL").nullable(),
  waitSeconds: z.number("must be a whole number of seconds"),
};

export const createTaskBody = z.object({
  kind: taskColumns.shape.kind.default("daily_activity"),
  title: text(200).min(1, "is required"),
  description: text(2000).default(""),
  rewardUsdt: amountInput.optional(),
  isActive: z.boolean().default(true),
  url: taskLink.url.optional(),
  waitSeconds: taskLink.waitSeconds.optional(),
});

export const updateTaskBody = z
  .object({
    kind: taskColumns.shape.kind,
    title: text(200).min(1, "is required"),
    description: text(2000),
    rewardUsdt: amountInput,
    isActive: z.boolean(),
    ...taskLink,
  })
  .partial();

export const withdrawalListQuery = pageQuery.extend({ status: z.enum(withdrawalStatuses).optional() });
export const txHashBody = z.object({ txHash: z.string().max(200) });
export const reasonBody = z.object({ reason: z.string().max(1000) });
export const optionalReasonBody = z.object({ reason: z.string().max(1000).optional() }).optional();
export const adjustBody = z.object({ amount: amountInput, reason: z.string().max(1000) });
export const messageBody = z.object({ message: z.string().max(20_000) });
export const walletBody = z.object({ address: z.string().max(200) });
export const languageBody = z.object({ language: z.enum(languages) });
/** A broadcast: the default text, and the same message in other languages (each checked as the default is). */
export const broadcastBody = messageBody.extend({
  texts: z.partialRecord(z.enum(languages).exclude(["en"]), z.string().max(20_000)).optional(),
});
export const riskListQuery = pageQuery.extend({ status: z.enum(riskStatuses).default("flagged") });
/** The farm to ban with a confirmed user: ids of accounts it referred, or all of them. */
export const confirmBody = z.object({
  farm: z.union([z.literal("all"), z.array(z.number().int().positive()).max(100_000)], 'must be "all" or a list of user ids').default([]),
});
export const withdrawBody = z.object({ amount: amountInput });
