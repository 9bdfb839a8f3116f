// Vite plugin: once the build is written, puts a brotli (.br) and a gzip (.gz) copy beside every
// text file in it, so the server answers a phone with the smallest copy without compressing
// anything per request. Maximum effort is affordable here: it is paid once per build.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const compressible = new Set([".js", ".css", ".html", ".svg", ".json"]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const compressedSince = (file: string) => (statSync(`${file}.br`, { throwIfNoEntry: false })?.mtimeMs ?? -1) >= statSync(file).mtimeMs;

/** Writes `file.br` and `file.gz`, each only when it is smaller than the file itself. */
export function precompressFile(file: string): void {
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  if (br.length < data.length) writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
}

export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "refbot:precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every file is on disk, HTML pages included (Vite writes them last).
    closeBundle() {
      if (!statSync(outDir, { throwIfNoEntry: false })?.isDirectory()) return;
      // Each app is its own build into one dist/: what an earlier build compressed is left alone.
      for (const file of filesUnder(outDir)) if (compressible.has(extname(file)) && !compressedSince(file)) precompressFile(file);
    },
  };
}
