// The HTTP API as its clients meet it: how long each answer took, by route template (never the raw
// path, whose ids would make a series per withdrawal), method and status class; and the error
// codes answered, the way clients read them.
import { Counter, type Registry } from "prom-client";
import { hotHistogram } from "./hot-histogram.ts";

export type HttpMetrics = {
  /** `route` is the template (/api/admin/withdrawals/:id/approve), or undefined when no route matched. */
  answered(route: string | undefined, method: string, status: number, seconds: number): void;
  /** The code of an error answer (USER_BANNED, VALIDATION_FAILED …). */
  failed(code: string): void;
};

/** From half a millisecond, where a cached read answers, to 10 s, past the longest a request waits on an absent database. */
const durationBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Any other method a client sends is counted as "other": a made-up method must not make a series. */
const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export function httpMetrics(registry: Registry): HttpMetrics {
  const duration = hotHistogram(registry, {
    name: "refbot_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route template, method and status class.",
    labelNames: ["route", "method", "status_class"],
    buckets: durationBuckets,
  });
  const errors = new Counter({ name: "refbot_errors_total", help: "Error answers by the code they carry.", labelNames: ["code"] as const, registers: [registry] });
  // The series a request lands in is found by its route's template (a string Elysia keeps, whose
  // hash the engine keeps with it) and then a small number for the method and status class: no
  // string is made per answer.
  const series = new Map<string, Map<number, (seconds: number) => void>>();
  return {
    answered(route, method, status, seconds) {
      const template = route || "unmatched";
      const verb = methods.indexOf(method);
      const statusClass = Math.floor(status / 100);
      const key = (verb + 1) * 10 + statusClass;
      let ofRoute = series.get(template);
      if (!ofRoute) series.set(template, (ofRoute = new Map()));
      let observe = ofRoute.get(key);
      if (!observe) ofRoute.set(key, (observe = duration.series(template, verb < 0 ? "other" : methods[verb]!, `${statusClass}xx`)));
      observe(seconds);
    },
    failed: (code) => errors.inc({ code }),
  };
}
