// The ky base both apps build their API client on: JSON under /api, cookies included, never
// retried (a repeated POST could pay or withdraw twice), and every failure turned into an
// ApiError carrying the server's { message, code } so the UI shows the same text as the CLI.
import ky, { HTTPError, type KyInstance, type Options } from "ky";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

export function createHttp(options: Options = {}): KyInstance {
  return ky.create({ prefix: "/api", credentials: "include", retry: 0, timeout: 30_000, ...options });
}

/** The error a failed call becomes: the server's message, else "status: body" as the spec says. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const { status, statusText } = error.response;
    const data = error.data;
    if (data && typeof data === "object" && "message" in data && typeof data.message === "string") {
      const code = "code" in data && typeof data.code === "string" ? data.code : "ERROR";
      return new ApiError(data.message, status, code);
    }
    return new ApiError(`${status}: ${typeof data === "string" && data ? data : statusText}`, status, "ERROR");
  }
  if (error instanceof Error && error.name === "TimeoutError") return new ApiError("The server took too long to answer", 0, "TIMEOUT");
  return new ApiError("Network error: check your connection and try again", 0, "NETWORK");
}
