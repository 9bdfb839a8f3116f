// The process's log: one JSON object a line (time, level, msg, and while serving a request its
// reqId and who is signed in), or the same lines made readable when stdout is a terminal. The
// server makes one at start and hands it to what it starts; nothing keeps a log of its own.
import { hostname } from "node:os";
import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import type { Config } from "@/config/env.ts";
import { errorFields } from "./error-fields.ts";
import { linesPerTurn } from "./lines-per-turn.ts";
import { currentRequest, type RequestContext } from "./request-context.ts";
import { redacted, secretFields, secretScrubber } from "./secrets.ts";

/** What the line a request ends with says of it, besides the request's own context (its id, who). */
export type RequestLine = { method: string; route: string | undefined; status: number; durationMs: number; code?: string };

export type Log = Logger & {
  /**
   * Writes a request's line, the same line `info({ method, route, status, durationMs, code },
   * "request")` would write, at a fifth of its cost (api/plugins/request-id.ts writes one per
   * request). Only the log createLog makes has it; any other takes the long way.
   */
  request?: (context: RequestContext, line: RequestLine) => void;
};

export type LogLevel = Config["logLevel"];

export type LogOptions = {
  level: LogLevel;
  /** Values taken out of every line wherever they appear (secrets.ts), such as the bot token. */
  secrets?: readonly (string | undefined)[];
  /** Where lines go; stdout unless given (tests hand in a stream they read). */
  destination?: DestinationStream;
  /** Readable lines instead of JSON: by default when stdout is a terminal. */
  readable?: boolean;
};

/** The request a line is written for, and who made it, as the line's own fields. */
function requestFields(): Record<string, unknown> {
  const request = currentRequest();
  if (!request) return {};
  const fields: Record<string, unknown> = { reqId: request.reqId };
  if (request.userId !== undefined) fields.userId = request.userId;
  if (request.adminId !== undefined) fields.adminId = request.adminId;
  if (request.apiToken !== undefined) fields.apiToken = request.apiToken;
  return fields;
}

/**
 * Readable lines are written in this thread, synchronously, as JSON lines are: a worker thread
 * (pino's transports) would lose the last lines of a process that exits at once.
 */
const terminal = () => pretty({ sync: true, singleLine: true, ignore: "pid,hostname", translateTime: "SYS:HH:MM:ss.l" });

export function createLog({ level, secrets = [], destination, readable = process.stdout.isTTY === true }: LogOptions): Log {
  const scrub = secretScrubber(secrets);
  const out = destination ?? (readable ? terminal() : linesPerTurn(pino.destination({ dest: 1, sync: true })));
  const log: Log = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: requestFields,
      serializers: { err: errorFields },
      redact: { paths: secretFields, censor: redacted },
      // The last word on every line, whatever field or message a secret slipped into.
      hooks: { streamWrite: scrub },
    },
    out,
  );
  log.request = requestLines(log, out, scrub);
  return log;
}

/** The standard methods as a line writes them; any other a caller sent is scrubbed first. */
const standardMethods = new Map(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].map((method) => [method, `"${method}"`]));

/**
 * Request lines written as pino writes them (level, time, pid, hostname, the request's own fields,
 * the line's, msg) without its general machinery: the mixin, the redaction, a serializer per value
 * and the scrubbing of the whole line cost about 3 µs a request, where a cached read answers in
 * ten. What a caller wrote (its request id, a method of its own) and an API token's name are still
 * scrubbed; the rest is the server's own words and numbers. What repeats is written out once: the
 * start of every line in the same millisecond, and each route template.
 */
function requestLines(log: Logger, out: DestinationStream, scrub: (text: string) => string): NonNullable<Log["request"]> {
  const bindings = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  let millisecond = 0;
  let head = "";
  // Templates, a few dozen: the map stays small.
  const routes = new Map<string, string>();
  return (context, { method, route, status, durationMs, code }) => {
    if (!log.isLevelEnabled("info")) return;
    const now = Date.now();
    if (now !== millisecond) head = `{"level":"info","time":"${new Date((millisecond = now)).toISOString()}",${bindings},"reqId":`;
    let routeJson = "null";
    if (route !== undefined) {
      routeJson = routes.get(route) ?? quoted(route);
      if (routes.size < 1_000) routes.set(route, routeJson);
    }
    out.write(
      `${head}${context.reqIdSent ? quoted(scrub(context.reqId)) : `"${context.reqId}"`}${context.userId === undefined ? "" : `,"userId":${context.userId}`}${context.adminId === undefined ? "" : `,"adminId":${context.adminId}`}` +
        `${context.apiToken === undefined ? "" : `,"apiToken":${quoted(scrub(context.apiToken))}`},"method":${standardMethods.get(method) ?? quoted(scrub(method))},"route":${routeJson}` +
        `,"status":${status},"durationMs":${durationMs}${code === undefined ? "" : `,"code":${quoted(code)}`},"msg":"request"}\n`,
    );
  };
}

/** A string as JSON writes it: ids, routes and codes need no escaping, so most cost a scan, not JSON.stringify. */
function quoted(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || c > 0x7e) return JSON.stringify(text);
  }
  return `"${text}"`;
}

/** A log that writes nothing: the default of what a test builds without one. */
export const silentLog: Log = pino({ level: "silent" });
