// What a failed Bot API call means for whoever made it. The one place that tells Telegram being
// down apart from a user's answer: broadcasts, membership checks and the bot status all ask here.
import { GrammyError, HttpError } from "grammy";

/**
 * - `unavailable`: Telegram could not be used at all (network error, timeout, its own 5xx, or it
 *   refused the bot's token). Nobody's fault on the user's side: try again later, count nothing.
 * - `rate_limited`: a 429; Telegram says when to come back.
 * - `user`: an answer about this one user (they blocked the bot, the chat is gone).
 * - `text`: Telegram refused the message's text itself (Markdown it cannot parse, too long after
 *   parsing, nothing left to show): it refuses the same text to everyone, now and later.
 * - `request`: Telegram refused this particular request for another reason; it may pass later.
 */
export type TelegramFailure = "unavailable" | "rate_limited" | "user" | "text" | "request";

/** Telegram's answers that are about the recipient, not the request or the service. */
const aboutTheUser = /chat not found|user not found|peer_id_invalid|user is deactivated/i;

/**
 * Telegram's 400 answers about the text: "Bad Request: can't parse entities: Can't find end of the
 * entity starting at byte offset 8", "Bad Request: message is too long", "Bad Request: message
 * text is empty" (or "text must be non-empty").
 */
const aboutTheText = /can't parse entities|message is too long|message text is empty|text must be non-empty/i;

/** Classifies an error answer by its code and description (as a transformer sees it). */
export function classifyAnswer(code: number, description: string): TelegramFailure {
  if (code >= 500 || code === 401) return "unavailable";
  if (code === 429) return "rate_limited";
  if (code === 403 || (code === 400 && aboutTheUser.test(description))) return "user";
  if (code === 400 && aboutTheText.test(description)) return "text";
  return "request";
}

export function classifyTelegramError(error: unknown): TelegramFailure {
  if (error instanceof HttpError) return "unavailable";
  if (error instanceof GrammyError) return classifyAnswer(error.error_code, error.description);
  return "request";
}

/** One line for logs and reports: grammY's message, plus the network cause it wraps. */
export function describeTelegramError(error: unknown): string {
  if (error instanceof HttpError) {
    const cause = error.error instanceof Error ? error.error.message : String(error.error);
    return `${error.message} (${cause})`;
  }
  return error instanceof Error ? error.message : String(error);
}
