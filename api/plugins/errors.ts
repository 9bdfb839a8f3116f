// The one place errors become responses: `{ message, code, requestId }` with the status the code
// implies, the message in the mini-app user's language. Nothing internal (stack, SQL) ever reaches
// a client; what went wrong on our side goes to the log, under the same request id.
import { Elysia } from "elysia";
import { AppError } from "@/domain/errors.ts";
import { isBotMessage, say, type BotMessage } from "@/domain/i18n/bot.ts";
import type { Values } from "@/domain/i18n/format.ts";
import { pickLanguage, type Language } from "@/domain/i18n/languages.ts";
import { initDataHeader, initDataLanguageCode } from "@/domain/init-data.ts";
import { localUsdt, usdt } from "@/domain/money.ts";
import type { Log } from "@/observe/log.ts";
import { currentRequest } from "@/observe/request-context.ts";

// Keyed by the request, so an entry lives exactly as long as the request it is about.
const userLanguages = new WeakMap<Request, Language>();

/** Answers this request's errors in the signed-in user's language (user-auth calls it). */
export const answerUserIn = (request: Request, language: Language) => void userLanguages.set(request, language);

/**
 * The signed-in user's language, else the one in the init data sent (before or without a sign-in);
 * English for the admin API, which stays English, and for a caller who said nothing.
 */
function languageOf(request: Request, path: string): Language {
  if (/^\/api\/(admin|auth)(\/|$)/.test(path)) return "en";
  const known = userLanguages.get(request);
  if (known) return known;
  const raw = request.headers.get(initDataHeader);
  return pickLanguage(raw ? initDataLanguageCode(raw) : undefined);
}


/** An amount in the details (the API's decimal text), written the language's way: "1 000", "12,50". */
function localAmount(text: string, language: Language): string {
  const micro = usdt(text);
  return localUsdt(micro, language, micro % 1_000_000 === 0 ? 0 : 2);
}

/**
 * What a user reads for an error. English keeps the message the domain wrote, which is also what
 * admins, logs and the CLI see; another language gets the catalogue's error.<code>.<variant> (or
 * error.<code>), filled from the error's details with numbers and amounts written its way.
 */
function userMessage(log: Log, language: Language, code: string, english: string, wording: AppError["wording"], extra: Record<string, unknown>): string {
  if (language === "en") return english;
  const key = [wording.variant && `error.${code}.${wording.variant}`, `error.${code}`].find((k): k is BotMessage => !!k && isBotMessage(k));
  if (!key) return english;
  const values: Values = { ...wording.values };
  // A rule's figure the error names without sending it (the minimum as it is now), the language's way.
  for (const [name, micro] of Object.entries(wording.amounts ?? {})) values[name] = localUsdt(micro, language, micro % 1_000_000 === 0 ? 0 : 2);
  for (const [name, value] of Object.entries(extra)) {
    // The API writes amounts with a decimal point and two to six decimals, and nothing else so.
    if (typeof value === "string") values[name] = /^-?\d+\.\d{2,6}$/.test(value) ? localAmount(value, language) : value;
    else if (typeof value === "number") values[name] = value;
  }
  try {
    return say(language, key, values);
  } catch (problem) {
    // A translation naming a detail this error did not come with: English beats no message.
    log.error({ language, code, err: problem }, "an error's message is missing in a language");
    return english;
  }
}

type Issue = { path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | string; message?: string; summary?: string };

function describeValidation(where: string, issues: Issue[]): string {
  const first = issues[0];
  if (!first) return `Invalid ${where}`;
  const path = Array.isArray(first.path)
    ? first.path.map((p) => (typeof p === "object" ? String(p.key) : String(p))).join(".")
    : String(first.path ?? "").replace(/^\//, "").replaceAll("/", ".");
  const field = path || where;
  return `${field}: ${first.message ?? first.summary ?? "is invalid"}`;
}

export const errorHandler = (log: Log) =>
  new Elysia({ name: "errors" }).onError({ as: "global" }, ({ code, error, set, request, path, route }) => {
    const language = languageOf(request, path);
    const reply = (status: number, code: string, message: string, extra: Record<string, unknown> = {}, wording: AppError["wording"] = {}) => {
      set.status = status;
      set.headers["content-type"] = "application/json";
      const context = currentRequest();
      // The request's line in the log says which error it was answered with, and the route of an
      // error met before the route's own hooks ran (a body that does not parse).
      if (context) {
        context.errorCode = code;
        context.route ??= route || undefined;
      }
      return { message: userMessage(log, language, code, message, wording, extra), code, ...extra, requestId: context?.reqId };
    };
    if (error instanceof AppError) {
      // A refusal that says when to come back also says it in the standard header, for clients
      // that read headers rather than bodies.
      const { retryAfterSeconds } = error.extra;
      if (typeof retryAfterSeconds === "number") set.headers["retry-after"] = String(retryAfterSeconds);
      return reply(error.status, error.code, error.message, error.extra, error.wording);
    }
    switch (code) {
      case "VALIDATION": {
        const issues = (error.all as Issue[] | undefined) ?? [];
        return reply(400, "VALIDATION_FAILED", describeValidation(error.type, issues));
      }
      case "PARSE":
        return reply(400, "INVALID_JSON", "The request body is not valid JSON");
      case "NOT_FOUND":
        return reply(404, "NOT_FOUND", "No such API route", {}, { variant: "route" });
      default:
        log.error({ err: error }, "unhandled error");
        return reply(500, "INTERNAL", "Something went wrong on our side; the request changed nothing");
    }
  });
