// Two entry pages: the admin panel and the mini app never share a chunk they do not both need,
// so a phone opening /app downloads no admin code and no chart library.
import { resolve } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./precompress.ts";

const root = import.meta.dirname;

export default defineConfig({
  root,
  // public/ (the icon) is copied to the root of dist, beside admin/, app/ and assets/.
  plugins: [react(), tailwindcss(), precompress()],
  // "@/x" is x from the repository root, as tsconfig.json says for the server and the tests.
  resolve: { alias: [{ find: /^@\//, replacement: `${resolve(root, "..")}/` }] },
  build: {
    outDir: resolve(root, "dist"),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        admin: resolve(root, "admin/index.html"),
        app: resolve(root, "app/index.html"),
      },
    },
  },
  server: {
    proxy: { "/api": `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
