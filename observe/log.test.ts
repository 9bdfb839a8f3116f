import { expect, test } from "bun:test";
import { requestEdge } from "@/api/plugins/request-id.ts";
import { createLog } from "./log.ts";
import { inRequest } from "./request-context.ts";

function capture(secrets: string[] = []) {
  const written: string[] = [];
  const log = createLog({ level: "trace", secrets, destination: { write: (line: string) => void written.push(line) } });
  return { log, text: () => written.join(""), lines: () => written.map((line) => JSON.parse(line)) };
}

test("a secret never reaches a line: known values anywhere, credentials by their shape, fields by their name", () => {
  const token = "123456:AAH-secret_token-value";
  const password = 'pa"ss\\word with quotes';
  const { log, text, lines } = capture([token, password, "short"]);
  const cause = Object.assign(new Error("Unable to connect"), { path: `https://api.telegram.org/bot${token}/getMe`, code: "ECONNREFUSED" });
  const failure = Object.assign(new Error("Network request for 'getMe' failed!"), { error: cause, ctx: { api: { token } } });
  log.error({ err: failure }, "could not connect");
  log.warn(`a message naming bot999:OTHER-token-not-configured and Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl`);
  log.info({ password: "typed at sign-in", detail: { password, note: `hash=${"ab".repeat(32)}&user=1` } }, "nested");
  log.trace({ headers: { authorization: "Bearer abc.def.ghi", "x-telegram-init-data": "query_id=1&hash=ff", cookie: "session=1", accept: "*/*" } }, "request received");

  const written = text();
  for (const leaked of [token, "AAH-secret_token-value", "typed at sign-in", JSON.stringify(password).slice(1, -1), "OTHER-token-not-configured", "eyJhbGciOiJIUzI1NiJ9", "ab".repeat(32), "abc.def.ghi", "query_id=1", "session=1"]) {
    expect(written).not.toContain(leaked);
  }
  const [error, , nested, trace] = lines();
  // What the error says and wraps stays readable; the objects it carries do not come along.
  expect(error.err).toMatchObject({ type: "Error", message: "Network request for 'getMe' failed!", error: { message: "Unable to connect", code: "ECONNREFUSED", path: "https://api.telegram.org/bot[redacted]/getMe" } });
  expect(error.err).not.toHaveProperty("ctx");
  expect(nested.password).toBe("[redacted]");
  expect(nested.detail).toEqual({ password: "[redacted]", note: "hash=[redacted]&user=1" });
  expect(trace.headers).toEqual({ authorization: "[redacted]", "x-telegram-init-data": "[redacted]", cookie: "[redacted]", accept: "*/*" });
  // A value too short to be told from ordinary text is left alone.
  log.info("a short note");
  expect(text()).toContain("a short note");
});

test("a line written inside a request names it and who is signed in; outside, nothing is added", () => {
  const { log, lines } = capture();
  log.info("before");
  inRequest({ reqId: "r-1", startedAt: 0, adminId: 7 }, () => log.info({ extra: 1 }, "inside"));
  log.info("after");
  expect(lines().map(({ msg, reqId, adminId, userId }) => ({ msg, reqId, adminId, userId }))).toEqual([
    { msg: "before", reqId: undefined, adminId: undefined, userId: undefined },
    { msg: "inside", reqId: "r-1", adminId: 7, userId: undefined },
    { msg: "after", reqId: undefined, adminId: undefined, userId: undefined },
  ]);
});

test("a request's line is the line info() would write, a caller's request id scrubbed as any line is", () => {
  const token = "123456:AAH-secret_token-value";
  const { log, lines } = capture([token]);
  const context = { reqId: "edge-7f3a:req.42_x", startedAt: 0, userId: 7, adminId: 3, apiToken: 'nightly "export"' };
  const line = { method: "PATCH", route: "/api/admin/withdrawals/:id/approve", status: 404, durationMs: 0.52, code: "NOT_FOUND" };
  inRequest(context, () => log.info(line, "request"));
  log.request!(context, line);
  log.request!({ reqId: `bot${token}`, reqIdSent: true, startedAt: 0 }, { method: "BREW", route: undefined, status: 404, durationMs: 1 });
  const [slow, fast, unknown] = lines();
  const { time: _slowTime, ...slowFields } = slow;
  const { time: fastTime, ...fastFields } = fast;
  expect(fastFields).toEqual(slowFields);
  expect(fastTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  expect(Object.keys(fast)).toEqual(Object.keys(slow));
  expect(unknown).toMatchObject({ reqId: "bot[redacted]", method: "BREW", route: null, status: 404 });
  expect(JSON.stringify(lines())).not.toContain("AAH-secret_token-value");
});

test("the request edge marks a caller's id, whose line is scrubbed, and writes an id of its own as made", () => {
  const token = "123456:AAH-secret_token-value";
  const { log, lines } = capture([token]);
  const edge = requestEdge(log);
  const sent = edge.begin(new Request("http://x/api/me", { headers: { "x-request-id": `bot${token}` } }));
  const made = edge.begin(new Request("http://x/api/me"));
  expect(sent).toMatchObject({ reqId: `bot${token}`, reqIdSent: true });
  expect(made.reqIdSent).toBeUndefined();
  edge.ended(sent, "GET", 200);
  edge.ended(made, "GET", 200);
  expect(lines().map((line) => line.reqId)).toEqual(["bot[redacted]", made.reqId]);
});
