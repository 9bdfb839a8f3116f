// A fake Telegram Bot API server on a loopback port: grammY talks to it through its apiRoot
// option exactly as it would to Telegram. It records every call, serves queued updates to
// getUpdates, can be told to fail chosen calls, and can have an outage: gone from its port,
// answering 502, or holding every request unanswered, until it comes back on the same port.
import type { Update } from "grammy/types";

export type Call = { method: string; body: Record<string, any>; /** When the fake received it (Date.now()). */ at?: number };
type Failure = { error_code: number; description: string; parameters?: { retry_after?: number } };
export type Outage = "down" | "5xx" | "hang";

/**
 * Telegram's answer to a text its Markdown parser refuses, word for word as the Bot API gives it
 * (the offset counts UTF-8 bytes), for failWhen: e.g. a text the server's own check let through.
 */
export const cantParseEntities = (byteOffset: number): Failure => ({
  error_code: 400,
  description: `Bad Request: can't parse entities: Can't find end of the entity starting at byte offset ${byteOffset}`,
});

/** Where a profile value lives: a language_code, or "" for the default entry every other language sees. */
const languageOf = (body: Record<string, any>): string => body.language_code ?? "";

/**
 * The bot's profile as Telegram keeps it: commands (default scope), description and short
 * description per language_code, and the default menu button of private chats. A test may change
 * a value here, as an operator in BotFather would.
 */
export type FakeProfile = {
  commands: Map<string, { command: string; description: string }[]>;
  descriptions: Map<string, string>;
  shortDescriptions: Map<string, string>;
  menuButton: Record<string, any>;
};

/** Telegram's answer to a profile value it refuses, or undefined when it would take it. */
function refusedProfile(call: Call): Failure | undefined {
  const bad = (description: string): Failure => ({ error_code: 400, description: `Bad Request: ${description}` });
  const { method, body } = call;
  if (method === "setMyDescription" && (body.description ?? "").length > 512) return bad("description is too long");
  if (method === "setMyShortDescription" && (body.short_description ?? "").length > 120) return bad("short description is too long");
  if (method === "setMyCommands") {
    for (const c of body.commands as { command: string; description: string }[]) {
      if (!/^[a-z0-9_]{1,32}$/.test(c.command)) return bad("BOT_COMMAND_INVALID");
      if (c.description.length < 1 || c.description.length > 256) return bad("BOT_COMMAND_DESCRIPTION_INVALID");
    }
  }
  if (method === "setChatMenuButton" && body.menu_button?.type === "web_app" && !String(body.menu_button.web_app?.url).startsWith("https://")) return bad("BUTTON_URL_INVALID");
  return undefined;
}

/** The calls that change the bot's profile, which Telegram allows only a few of in a while. */
export const profileSetters = ["setMyCommands", "deleteMyCommands", "setMyDescription", "setMyShortDescription", "setChatMenuButton"];

/**
 * `delayMs`: every answer comes that long after the request, as Telegram's would over a network.
 * `rate`: sendMessage calls beyond that many in any second are refused with 429 and retry_after,
 * as Telegram enforces its limit (`paidRate` for those with allow_paid_broadcast).
 */
export type FakeTelegramOptions = { delayMs?: number; rate?: number; paidRate?: number; retryAfter?: number };

export function startFakeTelegram(botInfo = { id: 999_000, is_bot: true, first_name: "RefBot", username: "refbot_test_bot" }, options: FakeTelegramOptions = {}) {
  const calls: Call[] = [];
  const profile: FakeProfile = { commands: new Map(), descriptions: new Map(), shortDescriptions: new Map(), menuButton: { type: "default" } };
  const updates: Update[] = [];
  const members = new Set<number>();
  /** A chat member status to answer for a user instead of member/left (e.g. restricted). */
  const statuses = new Map<number, Record<string, unknown>>();
  /**
   * What getWebhookInfo answers: setWebhook and deleteWebhook change its url; a test sets the
   * waiting updates and Telegram's last delivery error.
   */
  const webhook: { url: string; pending_update_count: number; last_error_date?: number; last_error_message?: string } = { url: "", pending_update_count: 0 };
  /** Return a failure to make that call fail; undefined lets it succeed. */
  let failWith: (call: Call) => Failure | undefined = () => undefined;
  let nextUpdateId = 1;
  let nextMessageId = 1;
  let outage: Outage | undefined;
  /** Resolves the requests held by a "hang" outage once it ends, so none lingers after a test. */
  let endHang = () => {};
  let hangOver = Promise.resolve();
  /** sendMessage calls that were answered with success: what users really received. */
  const delivered: Call[] = [];
  /** When each sendMessage of the last second was accepted, for the rate. */
  const recentSends: number[] = [];
  let rateLimited = 0;
  const overRate = (call: Call): Failure | undefined => {
    if (call.method !== "sendMessage" || options.rate === undefined) return undefined;
    const now = Date.now();
    while (recentSends.length > 0 && recentSends[0]! <= now - 1000) recentSends.shift();
    const limit = call.body.allow_paid_broadcast ? (options.paidRate ?? 1000) : options.rate;
    if (recentSends.length >= limit) {
      rateLimited++;
      const retry_after = options.retryAfter ?? 1;
      return { error_code: 429, description: `Too Many Requests: retry after ${retry_after}`, parameters: { retry_after } };
    }
    recentSends.push(now);
    return undefined;
  };

  const answer = (call: Call): unknown => {
    switch (call.method) {
      case "getMe":
        return botInfo;
      case "getUpdates": {
        const offset = Number(call.body.offset ?? 0);
        return updates.filter((u) => u.update_id >= offset);
      }
      case "sendMessage":
        return { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: { id: Number(call.body.chat_id), type: "private" }, text: call.body.text };
      // Only the default scope is kept: the product sets no other.
      case "getMyCommands":
        return profile.commands.get(languageOf(call.body)) ?? [];
      case "setMyCommands":
        profile.commands.set(languageOf(call.body), call.body.commands.map(({ command, description }: { command: string; description: string }) => ({ command, description })));
        return true;
      case "deleteMyCommands":
        profile.commands.delete(languageOf(call.body));
        return true;
      case "getMyDescription":
        return { description: profile.descriptions.get(languageOf(call.body)) ?? "" };
      case "setMyDescription":
        profile.descriptions.set(languageOf(call.body), call.body.description ?? "");
        return true;
      case "getMyShortDescription":
        return { short_description: profile.shortDescriptions.get(languageOf(call.body)) ?? "" };
      case "setMyShortDescription":
        profile.shortDescriptions.set(languageOf(call.body), call.body.short_description ?? "");
        return true;
      case "getChatMenuButton":
        return profile.menuButton;
      case "setChatMenuButton":
        profile.menuButton = call.body.menu_button ?? { type: "default" };
        return true;
      case "getChatMember": {
        const id = Number(call.body.user_id);
        const user = { id, is_bot: false, first_name: "User" };
        return { status: members.has(id) ? "member" : "left", ...statuses.get(id), user };
      }
      case "getWebhookInfo":
        return { has_custom_certificate: false, ...webhook };
      case "setWebhook":
        webhook.url = call.body.url;
        return true;
      case "deleteWebhook":
        webhook.url = "";
        if (call.body.drop_pending_updates) webhook.pending_update_count = 0;
        return true;
      default:
        return true;
    }
  };

  async function fetch(request: Request): Promise<Response> {
    const method = new URL(request.url).pathname.split("/").pop()!;
    const text = await request.text();
    const body = text ? JSON.parse(text) : {};
    const call: Call = { method, body, at: Date.now() };
    if (method !== "getUpdates") calls.push(call);
    // A request that arrives while Telegram hangs is held and never taken, even when the outage
    // ends during the answer's delay: the process that sent it may be gone by then.
    const hung = outage === "hang";
    if (options.delayMs && method !== "getUpdates") await Bun.sleep(options.delayMs);
    if (hung || outage === "hang") {
      await hangOver;
      return Response.json({ ok: false, error_code: 504, description: "Gateway Timeout" }, { status: 504 });
    }
    if (outage === "5xx") return Response.json({ ok: false, error_code: 502, description: "Bad Gateway" }, { status: 502 });
    if (method === "getUpdates") {
      // Long polling: hold the request briefly when there is nothing new.
      const offset = Number(body.offset ?? 0);
      for (let i = 0; i < 10 && !updates.some((u) => u.update_id >= offset); i++) await Bun.sleep(50);
    }
    const failure = failWith(call) ?? refusedProfile(call) ?? overRate(call);
    if (failure) return Response.json({ ok: false, ...failure }, { status: failure.error_code });
    if (method === "sendMessage") delivered.push(call);
    return Response.json({ ok: true, result: answer(call) });
  }

  const listen = (port: number) => Bun.serve({ hostname: "127.0.0.1", port, fetch });
  let server: ReturnType<typeof listen> | undefined = listen(0);
  const port = server.port!;

  const from = (tgId: number, extra: Record<string, unknown> = {}) => ({ id: tgId, is_bot: false, first_name: `User${tgId}`, ...extra });

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    profile,
    /** The calls that changed the bot's profile (profileSetters). */
    profileChanges: () => calls.filter((c) => profileSetters.includes(c.method)),
    members,
    statuses,
    webhook,
    sent: (chatId?: number) => calls.filter((c) => c.method === "sendMessage" && (chatId === undefined || Number(c.body.chat_id) === chatId)),
    /** Messages users received (answered with success), unlike `sent`, which also has the failed tries. */
    delivered: (chatId?: number) => delivered.filter((c) => chatId === undefined || Number(c.body.chat_id) === chatId),
    failWhen: (rule: typeof failWith) => void (failWith = rule),
    /** How many sendMessage calls the fake's own rate refused with 429. */
    rateLimited: () => rateLimited,
    /** Messages received per chat: a count above 1 for a message sent once is a duplicate. */
    perChat(): Map<number, number> {
      const counts = new Map<number, number>();
      for (const c of delivered) counts.set(Number(c.body.chat_id), (counts.get(Number(c.body.chat_id)) ?? 0) + 1);
      return counts;
    },
    /** The most messages received within any one second (a sliding window over the deliveries' times). */
    busiestSecond(): number {
      const times = delivered.map((c) => c.at ?? 0).sort((a, b) => a - b);
      let most = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i]! - times[j]! >= 1000) j++;
        most = Math.max(most, i - j + 1);
      }
      return most;
    },
    /**
     * Starts an outage: "down" closes the port (connections refused), "5xx" answers 502 Bad
     * Gateway to everything, "hang" holds every request without an answer.
     */
    goDown(kind: Outage = "down") {
      outage = kind;
      if (kind === "hang") hangOver = new Promise((resolve) => (endHang = resolve));
      if (kind === "down") {
        server?.stop(true);
        server = undefined;
      }
    },
    /** Ends the outage: back on the same port, answering as before. */
    comeBack() {
      outage = undefined;
      endHang();
      server ??= listen(port);
    },
    /** A private text message from a user, as Telegram would deliver it. */
    message(tgId: number, text: string, extra: Record<string, unknown> = {}) {
      const update = {
        update_id: nextUpdateId++,
        message: {
          message_id: nextMessageId++,
          date: Math.floor(Date.now() / 1000),
          chat: { id: tgId, type: "private", first_name: `User${tgId}` },
          from: from(tgId, extra),
          text,
          ...(text.startsWith("/") && { entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]!.length }] }),
        },
      } as Update;
      updates.push(update);
      return update;
    },
    /** The user blocked ("kicked") or restarted ("member") the bot. */
    chatMember(tgId: number, status: "kicked" | "member") {
      const update = {
        update_id: nextUpdateId++,
        my_chat_member: {
          chat: { id: tgId, type: "private", first_name: `User${tgId}` },
          from: from(tgId),
          date: Math.floor(Date.now() / 1000),
          old_chat_member: { status: status === "kicked" ? "member" : "kicked", user: { ...botInfo } },
          new_chat_member: { status, user: { ...botInfo }, ...(status === "kicked" && { until_date: 0 }) },
        },
      } as Update;
      updates.push(update);
      return update;
    },
    stop: () => {
      endHang();
      server?.stop(true);
      server = undefined;
    },
  };
}

export type FakeTelegram = ReturnType<typeof startFakeTelegram>;
