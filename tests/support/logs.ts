// A log as the server makes it (observe/log.ts), written to memory instead of stdout, so a test
// reads the lines the product would write: each as its JSON object, and the raw text for
// searching (the secrets test).
import { createLog, type Log, type LogLevel } from "@/observe/log.ts";

export type LogLine = { level: string; msg: string; time: string; reqId?: string; [field: string]: unknown };

export type CapturedLog = {
  log: Log;
  /** Every line so far, parsed. */
  lines(): LogLine[];
  /** Every line so far, as written. */
  text(): string;
  /** The messages so far, in order. */
  messages(): string[];
};

export function captureLog(level: LogLevel = "trace", secrets: readonly (string | undefined)[] = []): CapturedLog {
  const written: string[] = [];
  const log = createLog({ level, secrets, destination: { write: (line: string) => void written.push(line) } });
  const lines = () => written.map((line) => JSON.parse(line) as LogLine);
  return { log, lines, text: () => written.join(""), messages: () => lines().map((line) => line.msg) };
}
