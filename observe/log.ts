// The process's log: one JSON object a line (time, level, msg, and while serving a request its
// reqId and who is signed in), or the same lines made readable when stdout is a terminal. The
// server makes one at start and hands it to what it starts; nothing keeps a log of its own.
import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import type { Config } from "@/config/env.ts";
import { errorFields } from "./error-fields.ts";
import { linesPerTurn } from "./lines-per-turn.ts";
import { currentRequest } from "./request-context.ts";
import { redacted, secretFields, secretScrubber } from "./secrets.ts";

export type Log = Logger;

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
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: requestFields,
      serializers: { err: errorFields },
      redact: { paths: secretFields, censor: redacted },
      // The last word on every line, whatever field or message a secret slipped into.
      hooks: { streamWrite: secretScrubber(secrets) },
    },
    destination ?? (readable ? terminal() : linesPerTurn(pino.destination({ dest: 1, sync: true }))),
  );
}

/** A log that writes nothing: the default of what a test builds without one. */
export const silentLog: Log = pino({ level: "silent" });
