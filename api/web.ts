// Serves the built web app: the admin panel under / and /admin, the mini app under /app, and the
// admin page with status 404 for unknown paths so its router shows the not-found screen.
import { existsSync, statSync } from "node:fs";
import { join, normalize } from "node:path";
import { Elysia } from "elysia";
import { AppError } from "./domain/errors.ts";

export function webRoutes(dist: string) {
  const page = (name: "admin" | "app") => join(dist, name, "index.html");
  const html = (name: "admin" | "app", status = 200) => {
    const file = page(name);
    if (!existsSync(file)) return new Response("The web app is not built yet: run `npm start`, which builds it.", { status: 503 });
    return new Response(Bun.file(file), { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" } });
  };
  return new Elysia({ name: "web" })
    .get("/", () => html("admin"))
    .get("/admin", () => html("admin"))
    .get("/admin/*", () => html("admin"))
    .get("/app", () => html("app"))
    .get("/app/*", () => html("app"))
    .get("/*", ({ path }) => {
      if (path.startsWith("/api/") || path === "/api") throw new AppError("NOT_FOUND", "No such API route");
      const file = join(dist, normalize(path).replace(/^(\.\.[/\\])+/, ""));
      if (file.startsWith(dist) && statSync(file, { throwIfNoEntry: false })?.isFile()) {
        // Built assets carry a content hash in their name, so they can be cached for good.
        const immutable = path.startsWith("/assets/") ? { "cache-control": "public, max-age=31536000, immutable" } : undefined;
        return new Response(Bun.file(file), { headers: immutable });
      }
      return html("admin", 404);
    });
}
