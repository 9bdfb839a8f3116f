// A fake Telegram Bot API server on a loopback port: grammY talks to it through its apiRoot
// option exactly as it would to Telegram. It records every call, serves queued updates to
// getUpdates, and can be told to fail chosen calls.
import type { Update } from "grammy/types";

export type Call = { method: string; body: Record<string, any> };
type Failure = { error_code: number; description: string; parameters?: { retry_after?: number } };

export function startFakeTelegram(botInfo = { id: 999_000, is_bot: true, first_name: "RefBot", username: "refbot_test_bot" }) {
  const calls: Call[] = [];
  const updates: Update[] = [];
  const members = new Set<number>();
  /** A chat member status to answer for a user instead of member/left (e.g. restricted). */
  const statuses = new Map<number, Record<string, unknown>>();
  /** Return a failure to make that call fail; undefined lets it succeed. */
  let failWith: (call: Call) => Failure | undefined = () => undefined;
  let nextUpdateId = 1;
  let nextMessageId = 1;

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
      case "getChatMember": {
        const id = Number(call.body.user_id);
        const user = { id, is_bot: false, first_name: "User" };
        return { status: members.has(id) ? "member" : "left", ...statuses.get(id), user };
      }
      default:
        return true;
    }
  };

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const method = new URL(request.url).pathname.split("/").pop()!;
      const text = await request.text();
      const body = text ? JSON.parse(text) : {};
      const call = { method, body };
      if (method === "getUpdates") {
        // Long polling: hold the request briefly when there is nothing new.
        const offset = Number(body.offset ?? 0);
        for (let i = 0; i < 10 && !updates.some((u) => u.update_id >= offset); i++) await Bun.sleep(50);
      } else {
        calls.push(call);
      }
      const failure = failWith(call);
      if (failure) return Response.json({ ok: false, ...failure }, { status: failure.error_code });
      return Response.json({ ok: true, result: answer(call) });
    },
  });

  const from = (tgId: number, extra: Record<string, unknown> = {}) => ({ id: tgId, is_bot: false, first_name: `User${tgId}`, ...extra });

  return {
    apiRoot: `http://127.0.0.1:${server.port}`,
    calls,
    members,
    statuses,
    sent: (chatId?: number) => calls.filter((c) => c.method === "sendMessage" && (chatId === undefined || Number(c.body.chat_id) === chatId)),
    failWhen: (rule: typeof failWith) => void (failWith = rule),
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
    stop: () => server.stop(true),
  };
}

export type FakeTelegram = ReturnType<typeof startFakeTelegram>;
