// Who may read /metrics. With METRICS_TOKEN, whoever sends it as a bearer token, wherever they
// are; without one, only this machine: the socket's peer is a loopback address, and no proxy
// forwarded the request (a proxy on this machine would otherwise lend its loopback address to
// everyone it serves). X-Forwarded-For is never believed for this: it only ever refuses.
import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "@/domain/errors.ts";
import { bareAddress } from "./client-address.ts";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** 127.0.0.0/8 and ::1; an IPv4 address seen through an IPv6 socket is bare IPv4 by then. */
const isLoopback = (address: string | undefined) => address !== undefined && (address === "::1" || /^127\.\d+\.\d+\.\d+$/.test(address));

/**
 * The refusal for a request that may not read the metrics, or undefined: 401 without the token
 * (when there is one), 403 from anywhere but this machine (when there is none). `peer` is the
 * socket's remote address.
 */
export function metricsAccess(token: string | undefined): (request: Request, peer: string | undefined) => AppError | undefined {
  if (token !== undefined) {
    // Compared as digests of equal length, in constant time: neither the token's length nor how
    // much of it a guess got right shows in how long a refusal takes.
    const expected = digest(token);
    return (request) => {
      const sent = /^bearer\s+(.+)$/is.exec(request.headers.get("authorization")?.trim() ?? "")?.[1] ?? "";
      if (timingSafeEqual(digest(sent), expected)) return undefined;
      return new AppError("UNAUTHORIZED", "The metrics need METRICS_TOKEN as a bearer token (Authorization: Bearer …)");
    };
  }
  return (request, peer) => {
    const forwarded = request.headers.has("x-forwarded-for") || request.headers.has("forwarded");
    if (isLoopback(peer === undefined ? undefined : bareAddress(peer)) && !forwarded) return undefined;
    return new AppError("FORBIDDEN", "The metrics are served to this machine only: set METRICS_TOKEN to read them from elsewhere");
  };
}
