// refbot broadcast send | status | cancel | flush.
import { readFileSync } from "node:fs";
import { Command } from "commander";
import { z } from "zod";
import { defaultLanguage, languages } from "@/domain/i18n/languages.ts";
import { rules } from "@/domain/rules.ts";
import { sendingTime } from "@/domain/send-rate.ts";
import { describeProblem, findMarkdownProblem } from "@/domain/telegram-markdown.ts";
import type { BroadcastAudienceDto, BroadcastBody, BroadcastDto as Broadcast } from "@/api/contract.ts";
import { CliError, exitCodes, usageError } from "@/cli/errors.ts";
import { before, id, jsonOption, limit, output, parse, yesOption } from "@/cli/options.ts";
import { colors, stderrColors } from "@/cli/output/colors.ts";
import { age, duration, truncate } from "@/cli/output/format.ts";
import { emit, emitList, type Column } from "@/cli/output/print.ts";
import { table } from "@/cli/output/table.ts";
import { nextPage, noteNextPage, pageOptions } from "@/cli/paging.ts";
import { confirmOrStop, interactive, readStdin, requireYesWithoutTerminal } from "@/cli/prompts.ts";
import { requireClient } from "@/cli/session.ts";

const { broadcastMinLength: min, broadcastMaxLength: max } = rules;
/**
 * The server's checks, made before the audience is fetched or a question asked: an admin at a
 * terminal would otherwise confirm a message only to see it refused. The Markdown rule is the
 * domain's own, so the CLI, the form and the API refuse the same texts.
 */
const message = z
  .string()
  .trim()
  .min(min, `must be at least ${min} characters`)
  .max(max, `must be at most ${max} characters`)
  .superRefine((text, ctx) => {
    const problem = findMarkdownProblem(text);
    if (problem) ctx.addIssue({ code: "custom", message: describeProblem(problem) });
  });

function readText(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    throw usageError(`--file: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** The text from the argument, --file, or a pipe; exactly one of them. */
async function messageFrom(text: string | undefined, file: string | undefined): Promise<string> {
  if (text !== undefined && file !== undefined) throw usageError("give the message or --file, not both");
  if (text !== undefined) return text;
  if (file !== undefined) return readText(file);
  if (!interactive()) return readStdin();
  throw usageError("no message: give it as an argument, with --file, or on stdin");
}

/** Languages a broadcast may carry a text of its own for; the default message is everyone else's. */
const translated = languages.filter((language) => language !== defaultLanguage);
const translatedLanguage = z.enum(translated as [string, ...string[]], `must be one of ${translated.join(", ")}: the default message is for everyone else`);

type Files = { defaults: string[]; byLanguage: [language: string, file: string][] };

/**
 * --lang and --file as pairs: a --file right after a --lang is that language's text, any other
 * --file the default message's. Commander reads options in the order typed, so the pairing
 * happens as it reads them; one process parses one command line.
 */
function languageFileOptions() {
  let language: string | undefined;
  return {
    lang(code: string, given: string[] = []) {
      language = code;
      return [...given, code];
    },
    file(path: string, files: Files = { defaults: [], byLanguage: [] }): Files {
      const pair = language;
      language = undefined;
      return pair === undefined ? { ...files, defaults: [...files.defaults, path] } : { ...files, byLanguage: [...files.byLanguage, [pair, path]] };
    },
  };
}

/** The texts per language from the --lang/--file pairs, each checked as the default message is. */
function textsFrom(languagesGiven: string[], files: Files): NonNullable<BroadcastBody["texts"]> {
  const texts: Record<string, string> = {};
  const paired = new Map(files.byLanguage);
  for (const code of languagesGiven) {
    const valid = translatedLanguage.safeParse(code);
    if (!valid.success) throw usageError(`--lang ${code}: ${valid.error.issues[0]!.message}`);
    const file = paired.get(code);
    if (file === undefined) throw usageError(`--lang ${code}: give its text with --file right after it`);
    if (code in texts) throw usageError(`--lang ${code}: given twice`);
    const text = message.safeParse(readText(file));
    if (!text.success) throw usageError(`--lang ${code} (${file}): ${text.error.issues[0]!.message}`);
    texts[code] = text.data;
  }
  return texts;
}

/** Who the broadcast would reach now, per language, and which text each language gets. */
function describeAudience(audience: BroadcastAudienceDto, texts: Record<string, string>, files: Files): string {
  const fileOf = new Map(files.byLanguage);
  const width = String(audience.total).length;
  const rows = languages.map((language) => {
    const reads = language in texts ? `own text (${fileOf.get(language)})` : "default text";
    return `  ${language}  ${String(audience.byLanguage[language]).padStart(width)}  ${reads}`;
  });
  return [`Reaches ${audience.total} ${audience.total === 1 ? "user" : "users"} now, by language:`, ...rows, `Sending takes ${sendingTime(audience)}.`].join("\n");
}

const pairs = languageFileOptions();
const indented = (text: string) => stderrColors.dim(text.split("\n").map((line) => `  ${line}`).join("\n"));

const send = new Command("send")
  .description("queue a message (Markdown) to every reachable user, with a text per language if given")
  .argument("[message]", `the text, ${min}-${max} characters`)
  .option("--file <file>", "read the message from a file; right after --lang, that language's text", pairs.file)
  .option("--lang <code>", `a language (${translated.join(", ")}) whose text the --file after it holds; repeatable`, pairs.lang)
  .option(...yesOption)
  .option(...jsonOption)
  .addHelpText("after", `
With no message and no --file, the message is read from stdin (when that is
not a terminal). Users whose language has a text of its own (--lang L --file F)
get that; everyone else gets the message. The audience per language is shown
before anything is queued. The bot sends the queue in batches: see
\`broadcast status\`.

Examples:
  $ refbot broadcast send "*New task*: share the bot and earn 0.5 USDT"
  $ refbot broadcast send --file announcement.md --yes
  $ refbot broadcast send --file en.md --lang ru --file ru.md --lang es --file es.md
  $ echo "Maintenance tonight 22:00 UTC" | refbot broadcast send`)
  .action(async (text: string | undefined, rawOptions, command: Command) => {
    const raw = parse(z.object({ lang: z.array(z.string()).default([]), yes: z.boolean().optional(), json: z.boolean().optional() }), rawOptions);
    const files: Files = rawOptions.file ?? { defaults: [], byLanguage: [] };
    if (files.defaults.length > 1) throw usageError("--file: give the default message once (a language's --file goes right after its --lang)");
    const texts = textsFrom(raw.lang, files);
    const opts = parse(z.object({ message }), {}, { message: await messageFrom(text, files.defaults[0]) });
    const client = await requireClient(command);
    if (!raw.json) process.stderr.write(`${describeAudience(await client.broadcastAudience(), texts, files)}\n`);
    if (!raw.yes && interactive()) {
      process.stderr.write(`${indented(opts.message)}\n`);
      for (const [language, own] of Object.entries(texts)) process.stderr.write(`${language}:\n${indented(own)}\n`);
    }
    await confirmOrStop("Send this to every reachable user?", raw.yes);
    const body: BroadcastBody = Object.keys(texts).length > 0 ? { message: opts.message, texts } : { message: opts.message };
    const answer = await client.broadcast(body);
    const own = Object.keys(answer.broadcast.texts);
    emit(answer, raw, (a) => `Queued broadcast #${a.broadcast.id} for ${a.queuedCount} users; ETA ${a.broadcast.etaSeconds > 0 ? duration(a.broadcast.etaSeconds) : "at the next flush"}.${own.length ? ` Own texts: ${own.join(", ")}.` : ""}`);
  });

const columns: Column<Broadcast>[] = [
  { header: "id", value: (b) => b.id, align: "right" },
  { header: "age", value: (b) => b.createdAt, display: (b) => age(b.createdAt) },
  { header: "total", value: (b) => b.total, align: "right" },
  { header: "sent", value: (b) => b.sent, align: "right" },
  { header: "failed", value: (b) => b.failed, align: "right", display: (b) => (b.failed ? colors.red(String(b.failed)) : 0) },
  { header: "pending", value: (b) => b.pending, align: "right" },
  // Progress: what has ended (sent or failed) of the total, so a long broadcast shows it moving.
  { header: "done", value: (b) => (b.total === 0 ? 100 : Math.floor(((b.sent + b.failed) / b.total) * 100)), display: (b) => `${b.total === 0 ? 100 : Math.floor(((b.sent + b.failed) / b.total) * 100)}%`, align: "right" },
  // With BROADCAST_INTERVAL=0 (cron sets the pace) the server's ETA is 0 while messages remain.
  { header: "eta", value: (b) => b.etaSeconds, display: (b) => (b.stoppedAt ? colors.red("stopped") : b.pending === 0 ? "done" : b.etaSeconds > 0 ? duration(b.etaSeconds) : "next flush") },
  { header: "message", value: (b) => b.message, display: (b) => truncate(b.message, 200), flex: true },
];

const status = pageOptions(new Command("status").description("progress of recent broadcasts, newest first: total, sent, failed, pending, done, time left"), {
  max: 100,
  pageSize: 5,
}).addHelpText("after", `
When older broadcasts exist, stderr says how to get the next page.

Examples:
  $ refbot broadcast status
  $ refbot broadcast status --limit 20 --before 41`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ limit: limit(100), before, ...output }), rawOptions);
    const client = await requireClient(command);
    const rows = await client.broadcasts({ limit: opts.limit, before: opts.before });
    const next = await nextPage(rows, opts.limit, (last) => client.broadcasts({ limit: 1, before: last }));
    emitList(rows, opts, columns, opts.before ? `No broadcasts before #${opts.before}.` : "No broadcasts yet.");
    // Why each stopped one stopped, under the table; --json and --csv carry stopReason and stoppedAt as fields.
    const stopped = rows.filter((b) => b.stoppedAt);
    if (!opts.json && !opts.csv && stopped.length > 0) process.stdout.write(`${stopped.map(stopLine).join("\n")}\n`);
    noteNextPage(next, "broadcasts");
  });

const stopLine = (b: Broadcast) => `#${b.id} stopped ${age(b.stoppedAt)} ago, ${b.stopReason}: ${b.sent} of ${b.total} sent, the rest failed.`;

const cancel = new Command("cancel")
  .description("stop a broadcast: what it has not sent yet is never sent")
  .argument("<id>", "broadcast id (as in `broadcast status`)")
  .option(...yesOption)
  .option(...jsonOption)
  .addHelpText("after", `
Every delivery still waiting fails with the reason "cancelled by <you>"; a
message a flush is sending at that moment may still arrive. Asks first at a
terminal; without one it needs --yes. A broadcast that has finished or
stopped is refused (INVALID_STATE).

Examples:
  $ refbot broadcast cancel 12
  $ refbot broadcast cancel 12 --yes --json`)
  .action(async (rawId: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ id, yes: z.boolean().optional(), json: z.boolean().optional() }), rawOptions, { id: rawId });
    requireYesWithoutTerminal(opts.yes, "broadcast cancel stops a broadcast for good");
    const client = await requireClient(command);
    if (!opts.yes) {
      // The page of one just below id + 1 is this broadcast, when it exists.
      const [b] = await client.broadcasts({ limit: 1, before: opts.id + 1 });
      if (b?.id === opts.id) process.stderr.write(`${indented(`#${b.id}: ${b.pending} of ${b.total} not sent yet\n${truncate(b.message, 200)}`)}\n`);
      await confirmOrStop(`Cancel broadcast #${opts.id}? What it has not sent is never sent.`, opts.yes);
    }
    const b = await client.cancelBroadcast(opts.id);
    emit(b, opts, () => `Cancelled broadcast #${b.id}: ${b.sent} of ${b.total} sent; the other ${b.total - b.sent} failed (${b.stopReason}).`);
  });

const why: Record<string, string> = {
  sent: "",
  retry: "will be retried",
  failed: "given up",
  blocked: "user blocked the bot; skipped until they write to it",
  not_sent: "left queued, no try counted",
  stopped: "not sent, its broadcast stopped",
};

const flush = new Command("flush")
  .description("send the next batch of queued messages now (for cron, every 5 minutes)")
  .option(...jsonOption)
  .addHelpText("after", `
Needs the bot running on the server (BOT_TOKEN set); in demo mode it fails
with BOT_NOT_RUNNING. The server also flushes by itself every
BROADCAST_INTERVAL seconds; set BROADCAST_INTERVAL=0 to leave the pace to
cron. While it is set, one batch per interval goes out across every server
on the database: a flush within it sends nothing and says when the next
may start. A Telegram 429 stops the batch; the answer says when to resume.
When the Bot API cannot be reached (network error, timeout, 5xx) the batch
stops, every delivery stays queued without using up a try, and the command
exits 5; the server waits a little longer after each such failure.

Examples:
  $ refbot broadcast flush
  crontab line:
  */5 * * * * refbot broadcast flush >> /var/log/refbot-flush.log 2>&1`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ json: z.boolean().optional() }), rawOptions);
    const client = await requireClient(command);
    const report = await client.flushBroadcasts();
    emit(report, opts, (r) => {
      const summary = `Claimed ${r.claimed}: sent ${r.sent}, retry later ${r.retried}, blocked ${r.blocked}, failed ${r.failed}; ${r.leftQueued} still queued.`;
      const limited = r.stoppedByRateLimit ? `\n${colors.yellow(`Telegram rate limit: stopped; sending resumes in ${r.retryAfterSeconds ?? "?"} s.`)}` : "";
      const refused = r.stoppedBroadcasts.map((b) => `\n${colors.red(`Broadcast #${b.broadcastId} stopped: ${b.reason}; its other ${b.failed} deliveries failed.`)}`).join("");
      const paced = r.stoppedByPace ? `\n${colors.yellow(`Not yet: a batch started less than BROADCAST_INTERVAL ago, here or on another server; the next may start in ${r.retryAfterSeconds ?? "?"} s.`)}` : "";
      const rows = r.results.map((d) => [d.deliveryId, d.tgId, d.outcome === "sent" ? colors.green("sent") : colors.yellow(d.outcome), [why[d.outcome], d.error].filter(Boolean).join(": ")]);
      const detail = rows.length ? `\n${table(["DELIVERY", "TG ID", "OUTCOME", "WHY"], rows, { align: ["right", "left", "left", "left"], flex: 3 })}` : r.stoppedByOutage || r.stoppedByPace ? "" : "\nNothing was queued.";
      return `${summary}${refused}${limited}${paced}${detail}`;
    });
    // Cron and scripts must see that nothing could go out, so this is never a success.
    if (report.stoppedByOutage) {
      throw new CliError(
        `the Bot API was unreachable (${report.outageError ?? "no answer"}); ${report.leftQueued} deliveries left queued, no try used up; the server tries again in ${report.retryAfterSeconds ?? "?"} s`,
        exitCodes.telegramUnreachable,
      );
    }
  });

export const broadcastCommand = new Command("broadcast")
  .description("message every user; progress; cancel; send now")
  .addCommand(send)
  .addCommand(status)
  .addCommand(cancel)
  .addCommand(flush);
