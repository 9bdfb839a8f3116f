// How large and how deeply nested a request body may be. Every API body is a small JSON object
// (the largest, a 4 000-character broadcast, is under 20 KB), so anything far beyond that is
// refused before it costs memory or a deep recursion somewhere down the line.
import { Elysia } from "elysia";
import { AppError } from "@/domain/errors.ts";

/** The largest body an /api route reads. */
export const maxApiBodyBytes = 64 * 1024;
/**
 * What the listening server buffers at most, for any path: a body without a declared length,
 * or one for the Telegram webhook (an update can carry long texts). Bun answers a bare 413
 * above it without reading further.
 */
export const maxServerBodyBytes = 1024 * 1024;
/** No API body nests more than three levels; this leaves room and keeps every walk shallow. */
export const maxBodyDepth = 32;

const isContainer = (value: unknown): value is object => typeof value === "object" && value !== null;

/** Whether arrays and objects nest deeper than `max`, found without recursion (the depth is the attacker's). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const current = values.pop()!;
    const depth = depths.pop()!;
    if (!isContainer(current)) continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) {
      if (!isContainer(child)) continue;
      values.push(child);
      depths.push(depth + 1);
    }
  }
  return false;
}

export const bodyLimitsPlugin = new Elysia({ name: "body-limits" })
  // Before routing and before the body is read: a declared length is enough to refuse.
  .onRequest(({ request }) => {
    const length = request.headers.get("content-length");
    if (length === null || Number(length) <= maxApiBodyBytes) return;
    if (!new URL(request.url).pathname.startsWith("/api/")) return;
    throw new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than the ${maxApiBodyBytes / 1024} KB an API call may send`);
  })
  // After parsing, before validation: a validator (and Elysia's message about what it found)
  // recurses into the value, and 100 000 nested arrays overflow the stack there.
  .onTransform({ as: "global" }, ({ body }) => {
    if (isContainer(body) && nestsDeeperThan(body, maxBodyDepth)) {
      throw new AppError("VALIDATION_FAILED", `body: nested more than ${maxBodyDepth} levels deep`, { field: "body" });
    }
  });
