// What must never reach a log line, however it got there: the secrets the configuration holds,
// wherever in a line they appear, and what has the shape of a credential even when its value is
// not known here. Error messages are the usual way in: grammY's name the Bot API address, which
// carries the bot token (`https://api.telegram.org/bot<token>/getMe`).

export const redacted = "[redacted]";

/** Fields of a line's object that hold a secret whatever their value (pino's redact paths). */
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
].flatMap((path) => [path, `*.${path}`]);

/** Credentials by their shape; each is replaced by `redacted`, keeping what names it. */
const shapes: readonly [RegExp, string][] = [
  // A bot token in a Bot API address, or anywhere else that writes it as the API does.
  [/bot\d+:[A-Za-z0-9_-]+/g, `bot${redacted}`],
  [/(bearer\s+)[^\s"\\]+/gi, `$1${redacted}`],
  // A JWT (an admin token) on its own.
  [/eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, redacted],
  // Telegram init data's signatures, which let anyone who holds them act as that user.
  [/\b(hash|signature)=[A-Za-z0-9_%-]+/g, `$1=${redacted}`],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A function that takes every secret out of a serialized line: the given values (as written and
 * as JSON writes them inside a string), longest first so none is left half-replaced, and the
 * shapes above. Values shorter than 6 characters are left alone: they would match ordinary text.
 */
export function secretScrubber(secrets: readonly (string | undefined)[]): (line: string) => string {
  const values = [...new Set(secrets.filter((s): s is string => !!s && s.length >= 6).flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]))];
  const known = values.length > 0 ? new RegExp(values.sort((a, b) => b.length - a.length).map(escapeRegExp).join("|"), "g") : undefined;
  return (line) => {
    let out = known ? line.replace(known, redacted) : line;
    for (const [shape, replacement] of shapes) out = out.replace(shape, replacement);
    return out;
  };
}
