// What must never reach a log line, however it got there: the secrets the configuration holds,
// wherever in a line they appear, and what has the shape of a credential even when its value is
// not known here. Error messages are the usual way in: grammY's name the Bot API address, which
// carries the bot token (`https://api.telegram.org/bot<token>/getMe`).

export const redacted = "[redacted]";

/**
 * Fields of a line's object that hold a secret whatever their value (pino's redact paths). Named
 * one by one: a wildcard path costs pino a walk over every line's fields, a request line's too.
 */
export const secretFields = [
  "password",
  "token",
  "secret",
  "authorization",
  "initData",
  "privateKey",
  "headers.authorization",
  "headers.cookie",
  'headers["x-telegram-init-data"]',
  'headers["x-telegram-bot-api-secret-token"]',
];

/**
 * Credentials by their shape, each replaced by `redacted`, keeping what names it. `hint` is text
 * every match contains: a line without it, nearly every line, costs a substring search instead of
 * a regular expression.
 */
const shapes: readonly { hints: string[]; pattern: RegExp; replacement: string }[] = [
  // A bot token in a Bot API address, or anywhere else that writes it as the API does.
  { hints: ["bot"], pattern: /bot\d+:[A-Za-z0-9_-]+/g, replacement: `bot${redacted}` },
  { hints: ["earer", "EARER"], pattern: /(bearer\s+)[^\s"\\]+/gi, replacement: `$1${redacted}` },
  // A JWT (an admin token) on its own.
  { hints: ["eyJ"], pattern: /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, replacement: redacted },
  // Telegram init data's signatures, which let anyone who holds them act as that user.
  { hints: ["hash=", "signature="], pattern: /\b(hash|signature)=[A-Za-z0-9_%-]+/g, replacement: `$1=${redacted}` },
];

/**
 * A function that takes every secret out of a serialized line: the given values (as written and
 * as JSON writes them inside a string), longest first so none is left half-replaced, and the
 * shapes above. Values shorter than 6 characters are left alone: they would match ordinary text.
 */
export function secretScrubber(secrets: readonly (string | undefined)[]): (line: string) => string {
  const values = [...new Set(secrets.filter((s): s is string => !!s && s.length >= 6).flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]))];
  values.sort((a, b) => b.length - a.length);
  // Plain loops: every line passes here, a request's id too, and most hold nothing to take out.
  return (line) => {
    let out = line;
    for (const value of values) if (out.includes(value)) out = out.replaceAll(value, redacted);
    for (const { hints, pattern, replacement } of shapes) {
      for (const hint of hints) {
        if (!out.includes(hint)) continue;
        out = out.replace(pattern, replacement);
        break;
      }
    }
    return out;
  };
}
