// What an operator tunes while the service runs: one zod schema for every setting (its type, its
// bounds, its unit), its default (the spec's constants and the environment), and the words the CLI
// and the admin panel show beside it. Amounts travel as the API's decimal USDT text and are
// micro-USDT inside, read with money.ts's one rule.
import { z } from "zod";
import type { DomainConfig } from "./context.ts";
import { formatUsdt, readAmount, usdt, wholeUsdt } from "./money.ts";
import { rules } from "./rules.ts";

export const settingGroups = ["referrals", "withdrawals", "risk", "broadcasts", "links"] as const;
export type SettingGroup = (typeof settingGroups)[number];

/** How a value is written: an amount of USDT, a whole number, a number of hours, an https link, plain text. */
export type SettingKind = "usdt" | "integer" | "hours" | "url" | "text";

/** An amount of USDT, from the API's decimal text (or a JSON number) to micro-USDT. */
function amount(min: number, max: number) {
  return z.unknown().transform((input, ctx) => {
    const reading = readAmount(input, { field: "value", max });
    if (reading.problem !== undefined) {
      ctx.addIssue({ code: "custom", message: reading.problem });
      return z.NEVER;
    }
    if (reading.micro < min) {
      ctx.addIssue({ code: "custom", message: `must be at least ${wholeUsdt(min)} USDT` });
      return z.NEVER;
    }
    return reading.micro;
  });
}

/** A whole number within bounds; the CLI's text "3" is read as 3 too. */
const numeric = (schema: z.ZodNumber) => z.preprocess((v) => (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v), schema);
const whole = (min: number, max: number) =>
  numeric(z.number({ error: "must be a whole number" }).int("must be a whole number").min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** A link users are sent to: https only (Telegram opens nothing else from the mini app), t.me links included. */
const link = z
  .string({ error: "must be an https:// link" })
  .trim()
  .max(rules.maxLinkUrlLength, `must be at most ${rules.maxLinkUrlLength} characters`)
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: "must be an https:// link, such as https://t.me/your_channel" }));

/** The product's name as users read it in the bot and the mini app: short, and nothing that could be markup. */
const productName = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "must not be empty")
  .max(32, "must be at most 32 characters")
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} .,'&!?+-]*$/u, "must be letters, digits, spaces and . , ' & ! ? + - only, starting with a letter or digit");

/** Every setting, in the order the CLI and the panel list them. */
export const settingKeys = [
  "referralBonus",
  "qualifyingDailyTasks",
  "referralTarget",
  "referralMilestone",
  "minWithdrawal",
  "payoutDailyLimit",
  "payoutUserDailyLimit",
  "hotWalletMaxTransfer",
  "hotWalletDailyLimit",
  "riskFlagScore",
  "referralHoldHours",
  "broadcastBatch",
  "broadcastGapMs",
  "broadcastInterval",
  "broadcastRate",
  "channelUrl",
  "supportUrl",
  "productName",
] as const;
export type SettingKey = (typeof settingKeys)[number];

/** `unit`: what a value counts, shown beside it (empty for links and text). */
type Definition = { unit: string; group: SettingGroup; kind: SettingKind; description: string; schema: z.ZodType };

/** Each setting's unit, group, kind, description and schema, by key (settingKeys has them all, in order). */
export const settingDefinitions = {
  referralBonus: { unit: "USDT", group: "referrals", kind: "usdt", description: "Paid to the referrer once per referred user who qualifies.", schema: amount(0, rules.maxTaskReward) },
  qualifyingDailyTasks: { unit: "tasks", group: "referrals", kind: "integer", description: "Daily tasks a referred user completes (besides joining the channel) to qualify.", schema: whole(0, 365) },
  referralTarget: { unit: "referrals", group: "referrals", kind: "integer", description: "Qualified referrals that earn the milestone reward, once.", schema: whole(1, 100_000) },
  referralMilestone: { unit: "USDT", group: "referrals", kind: "usdt", description: "Paid once to a referrer who reaches the milestone count.", schema: amount(0, rules.maxAdjustment) },
  minWithdrawal: { unit: "USDT", group: "withdrawals", kind: "usdt", description: "The smallest withdrawal a user may request.", schema: amount(usdt("0.01"), rules.maxBalance) },
  payoutDailyLimit: { unit: "USDT", group: "withdrawals", kind: "usdt", description: "Withdrawals all users together may request per UTC day; 0: no limit.", schema: amount(0, rules.maxBalance) },
  payoutUserDailyLimit: { unit: "USDT", group: "withdrawals", kind: "usdt", description: "Withdrawals one user may request per UTC day; 0: no limit.", schema: amount(0, rules.maxBalance) },
  hotWalletMaxTransfer: {
    unit: "USDT",
    group: "withdrawals",
    kind: "usdt",
    description: "The largest withdrawal the hot wallet (PAYOUT_KEY_FILE) sends; a larger one is paid by hand. 0: the hot wallet sends nothing.",
    schema: amount(0, rules.maxBalance),
  },
  hotWalletDailyLimit: {
    unit: "USDT",
    group: "withdrawals",
    kind: "usdt",
    description: "What the hot wallet may send per UTC day in all (transfers signed that day, dropped ones aside). 0: it sends nothing.",
    schema: amount(0, rules.maxBalance),
  },
  riskFlagScore: { unit: "points", group: "risk", kind: "integer", description: "The risk score that flags a user and sends their withdrawals to review; 0: off.", schema: whole(0, 10_000) },
  referralHoldHours: {
    unit: "h",
    group: "risk",
    kind: "hours",
    description: "Hours a referral bonus is held before it is paid; 0 pays at once.",
    schema: numeric(z.number({ error: "must be a number of hours" }).min(0, "must be at least 0").max(24 * 365, `must be at most ${24 * 365}`)),
  },
  broadcastBatch: { unit: "messages", group: "broadcasts", kind: "integer", description: "Messages sent per broadcast batch.", schema: whole(1, 1000) },
  broadcastGapMs: { unit: "ms", group: "broadcasts", kind: "integer", description: "Milliseconds between two messages of a batch.", schema: whole(0, 60_000) },
  broadcastInterval: { unit: "s", group: "broadcasts", kind: "integer", description: "Seconds between two batches; 0: only on demand.", schema: whole(0, 86_400) },
  broadcastRate: {
    unit: "msg/s",
    group: "broadcasts",
    kind: "integer",
    description: "Messages per second for the whole fleet, replacing batch, gap and interval; 0: use those. Capped at 30 unless BROADCAST_PAID, then 1000.",
    schema: whole(0, 1000),
  },
  channelUrl: { unit: "", group: "links", kind: "url", description: "The channel users are asked to join.", schema: link },
  supportUrl: { unit: "", group: "links", kind: "url", description: "Where users ask for help.", schema: link },
  productName: { unit: "", group: "links", kind: "text", description: "The product's name, as users read it in the bot and the mini app.", schema: productName },
} as const satisfies Record<SettingKey, Definition>;

type Definitions = typeof settingDefinitions;

/** Every setting's current value, as the rules read it (amounts in micro-USDT). */
export type Settings = { [K in SettingKey]: z.output<Definitions[K]["schema"]> };

/**
 * The hot wallet's limits until an operator sets them: small, so a key that leaks or a bug that
 * loops loses at most a day's float; an operator paying more raises them knowingly.
 */
export const hotWalletDefaults = { maxTransfer: usdt("100"), dailyLimit: usdt("1000") };

/** The product's name where the spec gives it. */
export const defaultProductName = "RefBot";

/** The values with no row: the spec's constants, and what the environment set for the rest. */
export function defaultSettings(config: DomainConfig): Settings {
  return {
    referralBonus: rules.referralBonus,
    qualifyingDailyTasks: rules.qualifyingDailyTasks,
    referralTarget: rules.referralTarget,
    referralMilestone: rules.referralMilestone,
    minWithdrawal: rules.minWithdrawal,
    payoutDailyLimit: config.risk.payoutDailyLimit,
    payoutUserDailyLimit: config.risk.payoutUserDailyLimit,
    hotWalletMaxTransfer: hotWalletDefaults.maxTransfer,
    hotWalletDailyLimit: hotWalletDefaults.dailyLimit,
    riskFlagScore: config.risk.flagScore,
    referralHoldHours: config.risk.holdMs / 3_600_000,
    broadcastBatch: config.broadcast.batchSize,
    broadcastGapMs: config.broadcast.gapMs,
    broadcastInterval: config.broadcast.intervalSeconds,
    broadcastRate: config.broadcast.rate,
    channelUrl: config.bot.channelUrl,
    supportUrl: config.bot.supportUrl,
    productName: defaultProductName,
  };
}

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(settingDefinitions, key);

/** A value as the API, the CLI and the stored row write it: amounts as decimal text, the rest as they are. */
export type SettingValue = string | number;

export function settingText<K extends SettingKey>(key: K, value: Settings[K]): SettingValue {
  return settingDefinitions[key].kind === "usdt" ? formatUsdt(value as number) : value;
}

/** A refused value: which setting, and the rule it broke, worded for a person. */
export type SettingProblem = { field: SettingKey; message: string };

/** Reads one value for `key`: the value, or the rule it broke. */
export function readSetting<K extends SettingKey>(key: K, input: unknown): { value: Settings[K] } | { problem: SettingProblem } {
  const parsed = settingDefinitions[key].schema.safeParse(input);
  if (parsed.success) return { value: parsed.data as Settings[K] };
  return { problem: { field: key, message: parsed.error.issues[0]?.message ?? "is invalid" } };
}

/** The milliseconds a referral bonus is held, from the hours the operator set. */
export const holdMsOf = (settings: Pick<Settings, "referralHoldHours">) => Math.round(settings.referralHoldHours * 3_600_000);

