// GET /api/openapi.json: the API's OpenAPI document, built from the app's routes when first asked
// for and kept, since the routes do not change while the process runs. JSON only: a page to read
// it with (Swagger UI, Scalar) would need scripts the security headers' policy does not allow.
import { Elysia, type AnyElysia } from "elysia";
import { apiDocument, type OpenApiDocument } from "./openapi-document.ts";

export function openapiRoutes(app: AnyElysia) {
  let document: OpenApiDocument | undefined;
  return new Elysia({ name: "openapi" }).get("/api/openapi.json", (): OpenApiDocument => (document ??= apiDocument(app)));
}
