// The process's own figures: prom-client's default metrics (CPU, memory, file descriptors, event
// loop lag, the JavaScript heap), less those Bun cannot fill: it has no V8 heap spaces, reports no
// garbage collection, and no active handles or requests, so those would read as zeros forever (and
// the last two end in _total without being counters, which promtool refuses). The Node.js version
// Bun reports is the one it imitates, not a runtime that runs here.
import { collectDefaultMetrics, type Registry } from "prom-client";

const notFilledByBun = [
  "nodejs_heap_space_size_total_bytes",
  "nodejs_heap_space_size_used_bytes",
  "nodejs_heap_space_size_available_bytes",
  "nodejs_gc_duration_seconds",
  "nodejs_active_resources",
  "nodejs_active_resources_total",
  "nodejs_active_handles",
  "nodejs_active_handles_total",
  "nodejs_active_requests",
  "nodejs_active_requests_total",
  "nodejs_version_info",
];

export function processMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
  for (const name of notFilledByBun) registry.removeSingleMetric(name);
}
