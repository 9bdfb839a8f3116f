import { describe, expect, test } from "bun:test";
import { acceptedEncodings } from "./accept-encoding.ts";

describe("acceptedEncodings", () => {
  test("what browsers send: brotli first", () => {
    expect(acceptedEncodings("gzip, deflate, br, zstd")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("gzip, deflate")).toEqual(["gzip"]);
  });

  test("nothing, identity or unknown codings: the plain body", () => {
    for (const header of [null, undefined, "", "identity", "deflate, zstd"]) expect(acceptedEncodings(header)).toEqual([]);
  });

  test("q=0 refuses a coding, and the weights set the order", () => {
    expect(acceptedEncodings("br;q=0, gzip")).toEqual(["gzip"]);
    expect(acceptedEncodings("br;q=0, gzip;q=0")).toEqual([]);
    expect(acceptedEncodings("br;q=0.5, gzip;q=0.8")).toEqual(["gzip", "br"]);
    expect(acceptedEncodings("BR ; Q=0.000, GZIP")).toEqual(["gzip"]);
    expect(acceptedEncodings("x-gzip")).toEqual(["gzip"]);
  });

  test("* covers what the header does not name", () => {
    expect(acceptedEncodings("*")).toEqual(["br", "gzip"]);
    expect(acceptedEncodings("gzip;q=0, *")).toEqual(["br"]);
    expect(acceptedEncodings("*;q=0")).toEqual([]);
    expect(acceptedEncodings("br, *;q=0")).toEqual(["br"]);
  });

  test("a malformed weight counts as a refusal", () => {
    expect(acceptedEncodings("br;q=lots, gzip")).toEqual(["gzip"]);
  });
});
