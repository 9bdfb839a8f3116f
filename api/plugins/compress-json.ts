// Large JSON answers (admin lists, the audit log, long leaderboards) go out compressed when the
// client takes it. Small ones, which include most hot answers of the mini app, go out as they
// are: below about a packet's worth compression saves no round trip and would cost 15–30 µs.
// An answer a route keeps between requests (JsonAnswer) is compressed once per encoding.
import { Elysia } from "elysia";
import { brotliCompressSync, constants } from "node:zlib";
import { acceptedEncodings, type Encoding } from "@/api/accept-encoding.ts";

export const compressAboveBytes = 1024;

/** Fast settings: per request, brotli at quality 4 takes about as long as gzip at 6 and is smaller. */
function compress(json: string, encoding: Encoding): Uint8Array<ArrayBuffer> {
  if (encoding === "gzip") return Bun.gzipSync(json);
  return brotliCompressSync(json, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      // A 256 KiB window instead of 4 MiB: ample for answers of this size, and faster to set up.
      [constants.BROTLI_PARAM_LGWIN]: 18,
      [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
}

/**
 * An answer serialized ahead, by a route that keeps it between requests (the signed-in user's own
 * data, the task list): sent as this text, and when large compressed the first time a client
 * takes each encoding, then sent as those bytes. `Body` is what the text holds, for the answer's
 * type (contract.ts).
 */
export class JsonAnswer<Body> {
  declare readonly shape?: Body;
  readonly encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>> = {};
  constructor(readonly json: string) {}
}

export const jsonType = "application/json;charset=utf-8";

/** What goes out for `answer` to a client that takes `acceptEncoding`: its text, or when large its bytes compressed once for that encoding. */
export function encodedAnswer(answer: JsonAnswer<unknown>, acceptEncoding: string | null): { body: string | Uint8Array<ArrayBuffer>; encoding?: Encoding } {
  const { json } = answer;
  const encoding = json.length < compressAboveBytes ? undefined : acceptedEncodings(acceptEncoding)[0];
  if (!encoding) return { body: json };
  return { body: (answer.encoded[encoding] ??= compress(json, encoding)), encoding };
}

const isPlainJson = (value: unknown): value is object =>
  typeof value === "object" && value !== null && (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);

// Runs after a route's handler, before Elysia turns its value into a Response: what it returns
// replaces that value, and undefined leaves it as it is. (Error answers do not pass here; they
// are all small.)
export const compressJsonPlugin = new Elysia({ name: "compress-json" }).onAfterHandle({ as: "global" }, ({ responseValue, request, set }) => {
  let answer: JsonAnswer<unknown>;
  if (responseValue instanceof JsonAnswer) answer = responseValue;
  else {
    // Pages, files and Responses made by a route pass by; so does every answer to a client that
    // takes no compression (without even serializing it here).
    if (!isPlainJson(responseValue) || !acceptedEncodings(request.headers.get("accept-encoding"))[0]) return;
    // Serialized once: a small answer goes out as this very string, costing what Elysia's own
    // serialization would have.
    answer = new JsonAnswer(JSON.stringify(responseValue));
  }
  set.headers["content-type"] = jsonType;
  const { body, encoding } = encodedAnswer(answer, request.headers.get("accept-encoding"));
  if (encoding) {
    set.headers["content-encoding"] = encoding;
    set.headers.vary = "Accept-Encoding";
  }
  return body;
});
