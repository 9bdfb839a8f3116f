// How both clients of the HTTP API, the web apps and the CLI, call it: by a route's method and
// path exactly as the server declares them (`/api/tasks/:id/complete`), typed from the routes
// (api/contract.ts), so a path no route has, a missing `:param` or a wrong body stops the
// compile. Each client brings its own HTTP library and per-call options (a toast's title, say);
// this fills in the path and hands the call over.
import type { Answer, Method, PathOf, RequestOf } from "@/api/contract.ts";

/** A query as the API reads it: names and plain values, none of them required. */
type Query = Record<string, string | number | boolean | undefined>;

/** A call as the client's HTTP library receives it: the path with its parameters filled in. */
export type Call = { method: Method; path: string; query?: Query; body?: unknown };

/** `/api/admin/withdrawals/:id/approve` with `{ id: 42 }` is `/api/admin/withdrawals/42/approve`, each value URL-encoded. */
export function fillPath(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    // The types require every parameter; a caller that got past them learns which one it left out.
    if (value === undefined) throw new TypeError(`${template} needs :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** What a call of `method path` takes, as arguments: optional when the route needs nothing. */
export type RequestArgs<M extends Method, P extends PathOf<M>> = {} extends RequestOf<M, P> ? [request?: RequestOf<M, P>] : [request: RequestOf<M, P>];

/** Calls with `method`: a path the routes declare, what that route takes, and the client's own options. */
type Caller<M extends Method, Options> = <P extends PathOf<M>>(path: P, ...args: [...RequestArgs<M, P>, options?: Options]) => Promise<Answer<M, P>>;

/** A client of the API: one caller per method. */
export type ApiRoutes<Options> = { [M in Method]: Caller<M, Options> };

type AnyRequest = { params?: Record<string, unknown>; query?: Query; body?: unknown };

export function apiRoutes<Options>(send: (call: Call, options: Options | undefined) => Promise<unknown>): ApiRoutes<Options> {
  const caller =
    (method: Method) =>
    (path: string, request: AnyRequest = {}, options?: Options) =>
      send({ method, path: fillPath(path, request.params), query: request.query, body: request.body }, options);
  // The answer's type is the route's; the library returns what the server sent, which is that.
  const routes = { get: caller("get"), post: caller("post"), put: caller("put"), patch: caller("patch") } satisfies Record<Method, unknown>;
  return routes as unknown as ApiRoutes<Options>;
}
