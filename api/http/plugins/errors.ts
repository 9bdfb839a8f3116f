// The one place errors become responses: `{ message, code }` with the status the code implies.
// Nothing internal (stack, SQL) ever reaches a client.
import { Elysia } from "elysia";
import { AppError } from "@/domain/errors.ts";

type Issue = { path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | string; message?: string; summary?: string };

function describeValidation(where: string, issues: Issue[]): string {
  const first = issues[0];
  if (!first) return `Invalid ${where}`;
  const path = Array.isArray(first.path)
    ? first.path.map((p) => (typeof p === "object" ? String(p.key) : String(p))).join(".")
    : String(first.path ?? "").replace(/^\//, "").replaceAll("/", ".");
  const field = path || where;
  return `${field}: ${first.message ?? first.summary ?? "is invalid"}`;
}

export const errorHandler = new Elysia({ name: "errors" }).onError({ as: "global" }, ({ code, error, set }) => {
  const reply = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => {
    set.status = status;
    set.headers["content-type"] = "application/json";
    return { message, code, ...extra };
  };
  if (error instanceof AppError) {
    // A refusal that says when to come back also says it in the standard header, for clients
    // that read headers rather than bodies.
    const { retryAfterSeconds } = error.extra;
    if (typeof retryAfterSeconds === "number") set.headers["retry-after"] = String(retryAfterSeconds);
    return reply(error.status, error.code, error.message, error.extra);
  }
  switch (code) {
    case "VALIDATION": {
      const issues = (error.all as Issue[] | undefined) ?? [];
      return reply(400, "VALIDATION_FAILED", describeValidation(error.type, issues));
    }
    case "PARSE":
      return reply(400, "INVALID_JSON", "The request body is not valid JSON");
    case "NOT_FOUND":
      return reply(404, "NOT_FOUND", "No such API route");
    default:
      console.error("unhandled error:", error);
      return reply(500, "INTERNAL", "Something went wrong on our side; the request changed nothing");
  }
});
