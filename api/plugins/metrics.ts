// Metrics of the HTTP layer and the endpoint Prometheus scrapes. Every answer is timed, from the
// request's arrival (request-id.ts starts its clock) to the answer, by route template, method and
// status class, and an error answer's code is counted (errors.ts notes it in the request's
// context). GET /metrics answers the whole registry in Prometheus's text format, to whom
// metrics-access.ts lets in. Without metrics (METRICS=false) the plugin adds nothing: no timing,
// and /metrics is a route like any other that does not exist.
import { Elysia } from "elysia";
import type { Metrics } from "@/observe/metrics/registry.ts";
import { currentRequest } from "@/observe/request-context.ts";
import { metricsAccess } from "./metrics-access.ts";

type Server = { requestIP(request: Request): { address: string } | null } | null;

/** The status a client got: a route's own Response carries its own, which `set.status` does not know of. */
const answeredStatus = (status: unknown, value: unknown) => (value instanceof Response ? value.status : typeof status === "number" ? status : 200);

export function metricsPlugin(metrics: Metrics | undefined, token: string | undefined, peerAddress?: (request: Request) => string | undefined) {
  const plugin = new Elysia({ name: "metrics" });
  if (!metrics) return plugin;
  const refusal = metricsAccess(token);
  plugin
    .onAfterResponse({ as: "global" }, ({ request, route, set, responseValue }) => {
      const context = currentRequest();
      if (!context) return;
      metrics.http.answered(route, request.method, answeredStatus(set.status, responseValue), (performance.now() - context.startedAt) / 1000);
      if (context.errorCode) metrics.http.failed(context.errorCode);
    })
    .get("/metrics", async ({ request, server, set }) => {
      const refused = refusal(request, peerAddress ? peerAddress(request) : (server as Server)?.requestIP(request)?.address);
      if (refused) {
        if (refused.status === 401) set.headers["www-authenticate"] = 'Bearer realm="metrics"';
        throw refused;
      }
      set.headers["content-type"] = metrics.contentType;
      return metrics.text();
    });
  return plugin;
}
