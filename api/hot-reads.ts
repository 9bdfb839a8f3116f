// The mini app's two hottest reads, GET /api/me and GET /api/tasks/active, answered by Bun's own
// router ahead of the Elysia app when the user needs nothing written: the case of nearly every
// request once a session runs. Such a read needs none of what the app's lifecycle does per request
// (routing, validation, hooks, an error handler), and that lifecycle cost three times the read
// itself. Where users are kept (SQLite) a kept user's kept answer is sent; where they are read
// (PostgreSQL) the user's row is read and the answer made. Everything a read does need is the
// app's own code, called here: the sign-in (user-auth.ts), the answers (routes/me.ts,
// routes/tasks.ts), compression (compress-json.ts), and the request's id, line and metrics
// (request-id.ts); the headers are the app's default set. Any other request on these paths (a
// user to register or update, a client sighting to record, an answer to make where users are
// kept, a query, a refusal, a failed read, tracing on) is handed to the app whole, which answers
// it as it answers everything else.
import type { User } from "@/domain/model/index.ts";
import type { Encoding } from "./accept-encoding.ts";
import { encodedAnswer, jsonType, type JsonAnswer } from "./plugins/compress-json.ts";
import { requestIdHeader, type RequestEdge } from "./plugins/request-id.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import type { UserSignIn } from "./plugins/user-auth.ts";
import { inRequest, type RequestContext } from "@/observe/request-context.ts";

/**
 * A read answered here: its path (its route's template too, in lines and metrics), its kept answer
 * for a user, if one holds, and its answer made for a user read from the database.
 */
export type HotRead = { path: string; kept: (user: User) => JsonAnswer<unknown> | undefined; made: (user: User) => JsonAnswer<unknown> | Promise<JsonAnswer<unknown>> };

type Handler = (request: Request) => Response | Promise<Response>;

/** Bun.serve's `routes` for the hot reads: each answers GET itself when it can, else hands the request to `app`. */
export function hotReads(reads: HotRead[], signIn: UserSignIn, edge: RequestEdge, app: Handler): Record<string, { GET: Handler }> {
  // The answer's headers but its id, made once per encoding: copying a Headers costs half of
  // making one from an object.
  const plain = new Headers({ "content-type": jsonType, ...securityHeaders });
  const encoded: Partial<Record<Encoding, Headers>> = {};
  const headersFor = (encoding: Encoding | undefined) =>
    encoding ? (encoded[encoding] ??= new Headers([...plain, ["content-encoding", encoding], ["vary", "Accept-Encoding"]])) : plain;

  function respond(request: Request, context: RequestContext, path: string, user: User, found: JsonAnswer<unknown>): Response {
    context.route = path;
    context.userId = user.id;
    const { body, encoding } = encodedAnswer(found, request.headers.get("accept-encoding"));
    // The id joins a copy of the kept headers before the Response is made, not after.
    const headers = new Headers(headersFor(encoding));
    headers.set(requestIdHeader, context.reqId);
    const sent = new Response(body, { headers });
    edge.ended(context, "GET", 200);
    return sent;
  }

  /**
   * Where users are read rather than kept (PostgreSQL): the user's row read and their answer made
   * in the request's context, so the database's lines name it. Whatever the app has work for (a
   * user to register or update, a sighting, a refusal, a read that failed) goes to it whole.
   */
  async function readAndAnswer(request: Request, context: RequestContext, { path, made }: HotRead): Promise<Response> {
    try {
      const user = await signIn.read(request);
      if (user) return respond(request, context, path, user, await made(user));
    } catch {
      // The app answers the failure as it answers every other (a failed sign-in read is handed
      // on with the request, not tried again: user-auth.ts).
    }
    return app(request);
  }

  const answer =
    (read: HotRead): Handler =>
    (request) => {
      // A query would be the app's to check (text-input.ts); the mini app sends none.
      if (edge.tracing || request.url.includes("?")) return app(request);
      const context = edge.begin(request);
      if (signIn.reads) return inRequest(context, () => readAndAnswer(request, context, read));
      const user = signIn.kept(request);
      const found = user && read.kept(user);
      return found ? respond(request, context, read.path, user, found) : app(request);
    };
  return Object.fromEntries(reads.map((read) => [read.path, { GET: answer(read) }]));
}
