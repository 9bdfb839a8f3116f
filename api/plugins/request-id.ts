// Every request runs in a context of its own (observe/request-context.ts) named by its request id:
// the caller's X-Request-Id when it is a valid one, so a proxy's or a client's id follows the
// request into this log, or a new one. The id goes back in the X-Request-Id header of every
// answer (errors, 404s and refused bodies too) and in error bodies (errors.ts), and each request
// ends with one line in the log and, with metrics on, one observation of its duration and error
// code: both taken here, as the answer leaves, where the request's clock already runs.
import { randomUUID } from "node:crypto";
import { Elysia } from "elysia";
import type { Log, RequestLine } from "@/observe/log.ts";
import type { HttpMetrics } from "@/observe/metrics/http.ts";
import { currentRequest, inRequest, type RequestContext } from "@/observe/request-context.ts";

export const requestIdHeader = "x-request-id";

/** What a caller's id may be: short, and nothing a log line or a header could be broken with. */
const validRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

const validSent = (sent: string | null): sent is string => sent !== null && validRequestId.test(sent);

/**
 * Where every request starts and every answer ends: the request-id plugin below for the Elysia
 * app, and the hot reads (hot-reads.ts) that Bun answers before it, so both write the same
 * header, line and observation.
 */
export type RequestEdge = ReturnType<typeof requestEdge>;

export function requestEdge(log: Log, http?: HttpMetrics) {
  const lines = log.isLevelEnabled("info");
  const writeLine =
    log.request ??
    ((_context: RequestContext, { method, route, status, durationMs, code }: RequestLine) => log.info({ method, route: route ?? null, status, durationMs, ...(code && { code }) }, "request"));

  return {
    /** Whether each request's headers are logged as it arrives: the hot reads leave such requests to the app. */
    tracing: log.isLevelEnabled("trace"),

    /** A request's context as it arrives: its id, the caller's when valid, and its clock. */
    begin(request: Request): RequestContext {
      const sent = request.headers.get(requestIdHeader);
      return validSent(sent) ? { reqId: sent, reqIdSent: true, startedAt: performance.now() } : { reqId: randomUUID(), startedAt: performance.now() };
    },

    /** The answer as it leaves: its request's id in a header, and its line in the log. */
    answered(context: RequestContext, method: string, answer: Response): Response {
      let sent = answer;
      try {
        sent.headers.set(requestIdHeader, context.reqId);
      } catch {
        // An answer made by Response.redirect() has headers that cannot change; a copy's can.
        sent = new Response(answer.body, answer);
        sent.headers.set(requestIdHeader, context.reqId);
      }
      this.ended(context, method, sent.status);
      return sent;
    },

    /** The request's line in the log and its observation, for an answer that carries its id already. */
    ended(context: RequestContext, method: string, status: number): void {
      if (!lines && !http) return;
      const ms = performance.now() - context.startedAt;
      const { route, errorCode } = context;
      if (http) {
        http.answered(route, method, status, ms / 1000);
        if (errorCode) http.failed(errorCode);
      }
      if (lines) writeLine(context, { method, route, status, durationMs: Math.round(ms * 100) / 100, code: errorCode });
    },
  };
}

export function requestIdPlugin(edge: RequestEdge, log: Log) {
  return (
    new Elysia({ name: "request-id" })
      // Around Elysia's whole handler, hooks and error handler included: the request's context is
      // under everything that runs for it, and every answer, however it was made, passes here.
      // (An after-response hook would cost each request a turn of the event loop, a third of
      // what logging it costs.)
      .wrap((handle, request) => (...args: unknown[]) => {
        const context = edge.begin(request);
        return inRequest(context, () => {
          // What came in, for tracing a client's problem; the log's redaction takes out the headers that carry credentials.
          if (edge.tracing) log.trace({ method: request.method, url: request.url, headers: Object.fromEntries(request.headers) }, "request received");
          // Elysia types its handler loosely; what it returns is the answer, or its promise.
          const answer = handle(...args) as unknown as Response | Promise<Response>;
          return answer instanceof Promise ? answer.then((done) => edge.answered(context, request.method, done)) : edge.answered(context, request.method, answer);
        });
      })
      // The route's template, for the request's line (an error before this point names it: errors.ts).
      .onTransform({ as: "global" }, ({ route }) => {
        currentRequest()!.route = route;
      })
  );
}
