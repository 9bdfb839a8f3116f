// Telegram Mini App launch data: checking its signature, and minting it for demo mode and tests.
// The secret is HMAC-SHA256("WebAppData", bot token); the hash signs the sorted key=value lines.
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "./errors.ts";
import { withoutControlCharacters } from "./text.ts";

export type InitData = {
  user: { id: number; first_name: string; last_name?: string; username?: string; language_code?: string; is_premium?: boolean };
  startParam?: string;
  authDate: number;
};

export function initDataKey(botToken: string): Buffer {
  return createHmac("sha256", "WebAppData").update(botToken).digest();
}

function checkString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== "hash")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("\n");
}

// The mini app shows these to the user as they are, so each says what happened in plain words and
// what to do; an expired link and a forged or altered one read differently.
const unauthorized = (message: string, variant: string) => new AppError("UNAUTHORIZED", message, {}, { variant });
const incomplete = () => unauthorized("This link is incomplete: reopen the app from the bot", "incomplete");
const forged = () => unauthorized("This link was not signed by Telegram for this bot: reopen the app from the bot", "forged");
const expired = () => unauthorized("This link has expired: reopen the app from the bot", "expired");
const future = () => unauthorized("This link is dated in the future: check the date and time on your device, then reopen the app from the bot", "future");

/**
 * How far ahead of the server's clock launch data may be dated: phones' clocks drift by seconds,
 * but data from further ahead would outlive the age limit by as much, so it is refused.
 */
export const maxInitDataSkewSeconds = 60;

/** Refuses launch data older than the age limit, or dated more than the allowed skew ahead. */
function checkAge(authDate: number, maxAgeSeconds: number, now: Date): void {
  const age = now.getTime() / 1000 - authDate;
  if (age > maxAgeSeconds) throw expired();
  if (age < -maxInitDataSkewSeconds) throw future();
}

/**
 * The user as Telegram describes them, with control characters taken out of every text field:
 * the signature vouches that Telegram sent them, not that a database can hold them.
 */
function cleanUser(user: InitData["user"]): InitData["user"] {
  return Object.fromEntries(Object.entries(user).map(([key, value]) => [key, typeof value === "string" ? withoutControlCharacters(value) : value])) as InitData["user"];
}

/** `key` is initDataKey(botToken), derived once at start-up rather than per request. */
export function verifyInitData(raw: string, key: Buffer, maxAgeSeconds: number, now: Date): InitData {
  const params = new URLSearchParams(raw);
  const hash = params.get("hash");
  if (!hash || !/^[0-9a-f]{64}$/.test(hash)) throw incomplete();
  const expected = createHmac("sha256", key).update(checkString(params)).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, "hex"))) throw forged();

  const authDate = Number(params.get("auth_date"));
  if (!Number.isInteger(authDate)) throw incomplete();
  checkAge(authDate, maxAgeSeconds, now);

  let user: InitData["user"];
  try {
    user = JSON.parse(params.get("user") ?? "");
  } catch {
    throw incomplete();
  }
  if (!Number.isSafeInteger(user?.id) || typeof user.first_name !== "string") throw incomplete();
  const startParam = params.get("start_param");
  return { user: cleanUser(user), startParam: startParam === null ? undefined : withoutControlCharacters(startParam), authDate };
}

/** The header the mini app sends its launch's init data in. */
export const initDataHeader = "x-telegram-init-data";

/**
 * A verifier that remembers init data it has already checked: a mini app sends the same string
 * with every call, so the signature is computed once per launch rather than once per request.
 * The age limits are still applied on every call.
 */
export function createInitDataVerifier(key: Buffer, maxAgeSeconds: number, capacity = 50_000) {
  const verified = new Map<string, InitData>();
  return (raw: string, now: Date): InitData => {
    const known = verified.get(raw);
    if (known) {
      checkAge(known.authDate, maxAgeSeconds, now);
      return known;
    }
    const data = verifyInitData(raw, key, maxAgeSeconds, now);
    // Oldest first out: a Map iterates in insertion order.
    if (verified.size >= capacity) verified.delete(verified.keys().next().value!);
    verified.set(raw, data);
    return data;
  };
}

/** Builds signed init data the way Telegram does. */
export function signInitData(fields: { user: InitData["user"]; startParam?: string; authDate: number }, key: Buffer): string {
  const params = new URLSearchParams();
  params.set("user", JSON.stringify(fields.user));
  params.set("auth_date", String(fields.authDate));
  if (fields.startParam) params.set("start_param", fields.startParam);
  params.set("hash", createHmac("sha256", key).update(checkString(params)).digest("hex"));
  return params.toString();
}

/**
 * Telegram's language_code in init data, read without checking the signature: only for choosing
 * the language of a refusal, before (or instead of) a sign-in, where nothing is trusted to it.
 */
export function initDataLanguageCode(raw: string): string | undefined {
  try {
    const user: unknown = JSON.parse(new URLSearchParams(raw).get("user") ?? "");
    const code = (user as { language_code?: unknown } | null)?.language_code;
    return typeof code === "string" ? code : undefined;
  } catch {
    // Unreadable init data says nothing about the language; the refusal is in English.
    return undefined;
  }
}
