// GET /api/openapi.json describes every route the app has: walked from the app's own route list,
// each /api route must be in the document with its parameters, its body where it takes one, a
// success answer with a schema and its error answers; and the answer schemas the document serves
// must be what `npm run docs:api` writes from the routes' types today. The document does not
// depend on the database, so one engine serves.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import type { AnyElysia } from "elysia";
import { apiDocument, openApiPath, type OpenApiDocument } from "@/api/plugins/openapi-document.ts";
import { securityHeaders } from "@/api/plugins/security-headers.ts";
import { answerSchemas } from "@/scripts/api-docs/answers.ts";
import { answersFile, answersJson } from "@/scripts/api-docs/files.ts";
import { makeTestApp, type SqliteTestApp } from "./support/app.ts";

type Operation = OpenApiDocument["paths"][string][string];

/** What the document leaves out of the app's /api routes; empty when it describes them all. */
function undescribed(app: AnyElysia, document: OpenApiDocument): string[] {
  const problems: string[] = [];
  for (const route of app.routes) {
    const path = route.path.length > 1 ? route.path.replace(/\/$/, "") : route.path;
    if (!path.startsWith("/api/")) continue;
    const method = route.method.toLowerCase();
    const name = `${route.method} ${path}`;
    const operation: Operation | undefined = document.paths[openApiPath(path)]?.[method];
    if (!operation) {
      problems.push(`${name}: not in the document`);
      continue;
    }
    const parameters = new Set((operation.parameters ?? []).map((parameter) => `${parameter.in} ${parameter.name}`));
    for (const [, param] of path.matchAll(/:(\w+)/g)) if (!parameters.has(`path ${param}`)) problems.push(`${name}: path parameter ${param} missing`);
    const hooks = route.hooks as { body?: unknown; query?: { shape?: Record<string, unknown> } };
    for (const field of Object.keys(hooks.query?.shape ?? {})) if (!parameters.has(`query ${field}`)) problems.push(`${name}: query parameter ${field} missing`);
    const body = (operation.requestBody?.content["application/json"] as { schema?: unknown } | undefined)?.schema;
    if (hooks.body && !body) problems.push(`${name}: request body schema missing`);
    if (!hooks.body && operation.requestBody) problems.push(`${name}: a request body it does not take`);
    const responses = (operation.responses ?? {}) as Record<string, { content?: Record<string, { schema?: { type?: unknown; allOf?: unknown } }> }>;
    const success = Object.keys(responses).filter((status) => status.startsWith("2"));
    // JSON, or a file's media type for a route that sends one (a CSV export).
    const answer = Object.values(responses[success[0]!]?.content ?? {})[0];
    if (success.length !== 1 || !answer?.schema) problems.push(`${name}: no success answer schema`);
    const errors = Object.keys(responses).filter((status) => Number(status) >= 400);
    if (!errors.includes("500")) problems.push(`${name}: error answers missing`);
    for (const status of errors) {
      if (!responses[status]?.content?.["application/json"]?.schema?.allOf) problems.push(`${name}: error ${status} without the error body`);
    }
  }
  return problems;
}

describe("GET /api/openapi.json", () => {
  let t: SqliteTestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  test("is served as JSON under the security headers", async () => {
    const res = await t.app.handle(new Request("http://localhost/api/openapi.json"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    for (const [name, value] of Object.entries(securityHeaders)) expect(res.headers.get(name)).toBe(value);
    const document = (await res.json()) as OpenApiDocument;
    expect(document.openapi).toStartWith("3.1");
    expect(Object.keys(document.paths).length).toBeGreaterThan(40);
  });

  test("describes every /api route the app has", async () => {
    const document = (await t.request("GET", "/api/openapi.json")).body as OpenApiDocument;
    expect(undescribed(t.app, document)).toEqual([]);
  });

  test("a route added without being described is found", async () => {
    const other = await makeTestApp();
    other.app.post("/api/undescribed/:id", () => ({ ok: true }));
    expect(undescribed(other.app, apiDocument(other.app))).toEqual(["POST /api/undescribed/:id: no success answer schema"]);
    other.close();
  });

  test("says who may call, what a route takes and what it answers", async () => {
    const { paths } = (await t.request("GET", "/api/openapi.json")).body as OpenApiDocument;
    const withdraw = paths["/api/me/withdraw"]!.post!;
    expect(withdraw.security).toEqual([{ telegramInitData: [] }]);
    expect(withdraw.requestBody?.content["application/json"]).toMatchObject({ schema: { type: "object", required: ["amount"] } });
    expect(Object.keys(withdraw.responses ?? {})).toEqual(["201", "400", "401", "403", "409", "413", "500", "503"]);
    expect(withdraw.responses?.["409"]).toMatchObject({ description: expect.stringContaining("INSUFFICIENT_BALANCE") });
    const approve = paths["/api/admin/withdrawals/{id}/approve"]!.patch!;
    expect(approve.security).toEqual([{ adminToken: ["withdrawals:write"] }]);
    expect(approve).toMatchObject({ "x-scope": "withdrawals:write", "x-role": "admin" });
    expect(approve.parameters).toMatchObject([{ name: "id", in: "path", required: true }]);
    expect(Object.keys(approve.responses ?? {})).toEqual(["200", "400", "401", "403", "404", "409", "500", "503"]);
    expect(approve.responses?.["403"]).toMatchObject({ description: "FORBIDDEN_ROLE, FORBIDDEN_SCOPE" });
    const me = paths["/api/me"]!.get!;
    expect(me.responses?.["200"]).toMatchObject({
      content: { "application/json": { schema: { type: "object", properties: { balanceUsdt: { type: "string" }, language: { enum: ["en", "es", "ru"] } } } } },
    });
    expect(paths["/api/health"]!.get!.security).toBeUndefined();
  });
});

test("the answer schemas served are the ones the routes' types give today (npm run docs:api)", () => {
  expect(readFileSync(answersFile, "utf8")).toBe(answersJson(answerSchemas()));
}, 60_000);
