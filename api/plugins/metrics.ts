// The endpoint Prometheus scrapes: GET /metrics answers the whole registry in Prometheus's text
// format, to whom metrics-access.ts lets in. (Each answer is timed where its request's context
// ends, request-id.ts: an after-response hook here would cost every request a turn of the event
// loop.) Without metrics (METRICS=false) the plugin adds nothing, and /metrics is a route like any
// other that does not exist.
import { Elysia } from "elysia";
import type { Metrics } from "@/observe/metrics/registry.ts";
import { metricsAccess } from "./metrics-access.ts";

type Server = { requestIP(request: Request): { address: string } | null } | null;

export function metricsPlugin(metrics: Metrics | undefined, token: string | undefined, peerAddress?: (request: Request) => string | undefined) {
  const plugin = new Elysia({ name: "metrics" });
  if (!metrics) return plugin;
  const refusal = metricsAccess(token);
  return plugin.get("/metrics", async ({ request, server, set }) => {
    const refused = refusal(request, peerAddress ? peerAddress(request) : (server as Server)?.requestIP(request)?.address);
    if (refused) {
      if (refused.status === 401) set.headers["www-authenticate"] = 'Bearer realm="metrics"';
      throw refused;
    }
    set.headers["content-type"] = metrics.contentType;
    return metrics.text();
  });
}
