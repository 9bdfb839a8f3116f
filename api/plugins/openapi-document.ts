// The API's OpenAPI document, read off the app's routes: paths, parameters and request bodies from
// the routes' own zod schemas (through @elysiajs/openapi), who may call from the auth macros, the
// answers from the routes' return types (openapi-answers.json, written at build time by
// `npm run docs:api`, so no answer is validated or described per request), and the errors each
// route can answer from the codes in domain/errors.ts.
import { toOpenAPISchema } from "@elysiajs/openapi/openapi";
import type { AnyElysia } from "elysia";
import { errorStatus, type ErrorCode } from "@/domain/errors.ts";
import answers from "./openapi-answers.json";

type Schema = Record<string, unknown>;
type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, unknown> };
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  [key: string]: unknown;
};

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema> };
};

/** The status a route answers on success when it is not 200 (detail["x-status"] on the route). */
const successStatus = (operation: Operation) => String(operation["x-status"] ?? 200);

/** Errors any route may answer, whatever it does. */
const everyRoute: ErrorCode[] = ["INTERNAL"];
/** Errors of a route that reads the database (each route that knows who calls does). */
const database: ErrorCode[] = ["DATABASE_UNAVAILABLE", "COMMIT_UNCONFIRMED", "STORAGE_FULL"];

/** The error codes an operation can answer, from what it declares: who may call, what it takes. */
function errorCodes(operation: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(everyRoute);
  if (operation.security?.length) for (const code of ["UNAUTHORIZED", ...database] as const) codes.add(code);
  if (operation.parameters?.length || operation.requestBody) codes.add("VALIDATION_FAILED");
  if (operation.requestBody) for (const code of ["INVALID_JSON", "PAYLOAD_TOO_LARGE"] as const) codes.add(code);
  // A row named in the path may not exist.
  if (operation.parameters?.some((parameter) => parameter.in === "path" && parameter.name === "id")) codes.add("NOT_FOUND");
  for (const code of (operation["x-errors"] as ErrorCode[] | undefined) ?? []) codes.add(code);
  return [...codes];
}

/** One response per status, each naming the codes it can carry. */
function errorResponses(codes: ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  const responses: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: list.join(", "),
      content: {
        "application/json": {
          schema: { allOf: [{ $ref: "#/components/schemas/Error" }, { type: "object", properties: { code: { type: "string", enum: list } } }] },
        },
      },
    };
  }
  return responses;
}

/** OpenAPI writes `/api/tasks/{id}`; Elysia `/api/tasks/:id`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");
const elysiaPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

export function apiDocument(app: AnyElysia): OpenApiDocument {
  // The library leaves out paths with a dot as static files, and /api/openapi.json has one.
  const generated = toOpenAPISchema(app, { staticFile: false });
  const paths: OpenApiDocument["paths"] = {};
  for (const [rawPath, operations] of Object.entries(generated.paths as Record<string, Record<string, Operation>>)) {
    // A route declared as its prefix's "/" answers without the slash too; clients call it without.
    const path = rawPath.length > 1 ? rawPath.replace(/\/$/, "") : rawPath;
    if (!path.startsWith("/api/")) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${elysiaPath(path)}`;
      const answer = (answers as Record<string, Schema>)[key];
      // A route that sends a file names its media type (x-content-type); the others answer JSON.
      const { "x-status": _status, "x-errors": _errors, "x-content-type": mediaType = "application/json", ...described } = operation;
      // Bodies are JSON: the form encodings Elysia could also parse are not part of the API.
      const requestBody = operation.requestBody && { ...operation.requestBody, content: { "application/json": operation.requestBody.content["application/json"] } };
      paths[path] ??= {};
      paths[path][method] = {
        ...described,
        ...(requestBody && { requestBody }),
        responses: {
          [successStatus(operation)]: { description: "Success", ...(answer && { content: { [mediaType as string]: { schema: answer } } }) },
          ...errorResponses(errorCodes(operation)),
        },
      };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "refbot API",
      version: "1",
      description:
        "Amounts are exact decimal strings in USDT with at least two decimals; times are ISO-8601 UTC strings. Every error answers { message, code, requestId } with the status its code implies; every answer carries its request id in X-Request-Id. docs/api.md says what the routes mean.",
    },
    paths,
    components: {
      schemas: {
        Error: {
          type: "object",
          properties: {
            message: { type: "string" },
            code: { type: "string", enum: Object.keys(errorStatus) },
            requestId: { type: "string", description: "The request's id, as in its X-Request-Id answer header and in the server's log" },
          },
          required: ["message", "code", "requestId"],
          additionalProperties: true,
        },
      },
      securitySchemes: {
        adminToken: {
          type: "http",
          scheme: "bearer",
          description:
            "A session's JWT (POST /api/auth/login answers it) or an API token, rbt_… (refbot tokens create). Each operation's requirement, and its x-scope, names the scope it needs; x-role the least admin role that has it",
        },
        telegramInitData: { type: "apiKey", in: "header", name: "X-Telegram-Init-Data", description: "Telegram's raw initData, as the mini app receives it" },
      },
    },
  };
}
