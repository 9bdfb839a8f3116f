// Serves the built web app: the admin panel under / and /admin, the mini app under /app, and the
// admin page with status 404 for unknown paths so its router shows the not-found screen. Each
// file goes out as the precompressed copy the build wrote beside it (.br, else .gz) when the
// client takes one, so nothing is compressed per request.
import { statSync } from "node:fs";
import { join, normalize } from "node:path";
import { Elysia } from "elysia";
import { acceptedEncodings, encodingSuffix, type Encoding } from "./accept-encoding.ts";
import { AppError } from "@/domain/errors.ts";
import { usePagePolicy } from "./plugins/security-headers.ts";

export const cacheControl = {
  // Pages name the current build's scripts, so a browser asks again each time and a new build
  // reaches the next launch.
  page: "no-cache",
  // Built assets carry a hash of their content in their name: a changed file is a new name.
  hashed: "public, max-age=31536000, immutable",
  // Files under fixed names (the icon): cached a day, not for good.
  other: "public, max-age=86400",
} as const;

const encodings = Object.keys(encodingSuffix) as Encoding[];
const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;

/** The file, or its compressed copy that the client's Accept-Encoding takes best. */
export function fileResponse(file: string, acceptEncoding: string | null, cache: string, status = 200): Response {
  // The type is the file's own, never that of its .br or .gz copy.
  const headers: Record<string, string> = { "content-type": Bun.file(file).type, "cache-control": cache };
  const copies = encodings.filter((encoding) => isFile(file + encodingSuffix[encoding]));
  // With copies the answer depends on Accept-Encoding, so caches must keep the variants apart.
  if (copies.length > 0) headers.vary = "Accept-Encoding";
  const encoding = acceptedEncodings(acceptEncoding).find((accepted) => copies.includes(accepted));
  if (!encoding) return new Response(Bun.file(file), { status, headers });
  headers["content-encoding"] = encoding;
  return new Response(Bun.file(file + encodingSuffix[encoding]), { status, headers });
}

type Context = { request: Request; set: { headers: Record<string, unknown> } };

export function webRoutes(dist: string) {
  const html = (page: "admin" | "app", { request, set }: Context, status = 200) => {
    const file = join(dist, page, "index.html");
    if (!isFile(file)) return new Response("The web app is not built yet: run `npm start`, which builds it.", { status: 503 });
    usePagePolicy(set.headers, page);
    return fileResponse(file, request.headers.get("accept-encoding"), cacheControl.page, status);
  };
  const admin = (context: Context) => html("admin", context);
  const miniApp = (context: Context) => html("app", context);
  return new Elysia({ name: "web" })
    .get("/", admin)
    .get("/admin", admin)
    .get("/admin/*", admin)
    .get("/app", miniApp)
    .get("/app/*", miniApp)
    .get("/*", (context) => {
      const { path, request } = context;
      if (path.startsWith("/api/") || path === "/api") throw new AppError("NOT_FOUND", "No such API route", {}, { variant: "route" });
      const file = join(dist, normalize(path).replace(/^(\.\.[/\\])+/, ""));
      if (file.startsWith(dist) && isFile(file)) {
        return fileResponse(file, request.headers.get("accept-encoding"), path.startsWith("/assets/") ? cacheControl.hashed : cacheControl.other);
      }
      return html("admin", context, 404);
    });
}
