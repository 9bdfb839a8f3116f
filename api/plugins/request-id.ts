// Every request runs in a context of its own (observe/request-context.ts) named by its request id:
// the caller's X-Request-Id when it is a valid one, so a proxy's or a client's id follows the
// request into this log, or a new one. The id goes back in the X-Request-Id header of every
// answer (errors, 404s and refused bodies too) and in error bodies (errors.ts), and each request
// ends with one line in the log.
import { randomUUID } from "node:crypto";
import { Elysia } from "elysia";
import type { Log } from "@/observe/log.ts";
import { currentRequest, inRequest } from "@/observe/request-context.ts";

export const requestIdHeader = "x-request-id";

/** What a caller's id may be: short, and nothing a log line or a header could be broken with. */
const validRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

export const requestIdOf = (sent: string | null): string => (sent !== null && validRequestId.test(sent) ? sent : randomUUID());

/** The request being answered's id (there is one in every hook and handler of the app). */
export const requestId = (): string | undefined => currentRequest()?.reqId;

type Handler = (request: Request, ...rest: unknown[]) => unknown;

export function requestIdPlugin(log: Log) {
  return (
    new Elysia({ name: "request-id" })
      // Elysia's hooks each run inside the request; only `wrap`, around its whole handler, can put
      // the request's own context under all of them, the error handler and the after-response hook
      // included.
      .wrap(((handle: Handler, request: Request) => (...args: Parameters<Handler>) =>
        inRequest({ reqId: requestIdOf(request.headers.get(requestIdHeader)), startedAt: performance.now() }, () => handle(...args))) as never)
      // Before any other hook, so an answer refused early carries the id as well.
      .onRequest(({ request, set }) => {
        set.headers[requestIdHeader] = requestId()!;
        // What came in, for tracing a client's problem; the log's redaction takes out the headers that carry credentials.
        if (log.isLevelEnabled("trace")) log.trace({ method: request.method, url: request.url, headers: Object.fromEntries(request.headers) }, "request received");
      })
      .onAfterResponse({ as: "global" }, ({ request, route, set }) => {
        const { startedAt, errorCode } = currentRequest()!;
        const durationMs = Math.round((performance.now() - startedAt) * 100) / 100;
        log.info({ method: request.method, route: route || null, status: set.status ?? 200, durationMs, ...(errorCode && { code: errorCode }) }, "request");
      })
  );
}
