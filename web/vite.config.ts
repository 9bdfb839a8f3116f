// One build per app (WEB_APP=admin or app; server/build-web.ts runs both into one dist/): the admin
// panel and the mini app share no chunk, so a phone opening /app downloads no admin code, no
// chart library, and no file split off only because the panel also uses it.
//
// The mini app is written against React's API like the panel, but built on preact/compat: React
// DOM alone was 55 KB of its 87 KB first load over the wire, and a phone on a slow network
// opens the mini app from a chat (README, "Layout": choices beyond the stack as given).
import { resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./precompress.ts";

const root = import.meta.dirname;
const apps = ["admin", "app"] as const;
type App = (typeof apps)[number];

const compat = (path: string) => resolve(root, "..", "node_modules", "preact", path);
const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: compat("compat/client.mjs") },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: compat("compat/jsx-runtime.mjs") },
  { find: /^react(-dom)?$/, replacement: compat("compat/dist/compat.mjs") },
];

export default defineConfig(() => {
  const app = process.env.WEB_APP as App | undefined;
  if (app !== undefined && !apps.includes(app)) throw new Error(`WEB_APP must be one of ${apps.join(", ")}, not "${app}"`);
  // Without WEB_APP (the dev server) both pages are served, on React.
  const pages = app ? [app] : apps;
  return {
    root,
    // public/ (the icon) is copied to the root of dist, beside admin/, app/ and assets/.
    plugins: [react(), tailwindcss(), precompress()],
    resolve: {
      // "@/x" is x from the repository root, as tsconfig.json says for the server and the tests.
      alias: [{ find: /^@\//, replacement: `${resolve(root, "..")}/` }, ...(app === "app" ? reactOnPreact : [])],
    },
    build: {
      outDir: resolve(root, "dist"),
      // The admin build goes first and empties dist/; the mini app's is written beside it.
      emptyOutDir: app !== "app",
      rollupOptions: { input: Object.fromEntries(pages.map((name) => [name, resolve(root, name, "index.html")])) },
    },
    server: {
      proxy: { "/api": `http://127.0.0.1:${process.env.PORT ?? 3000}` },
    },
  };
});
