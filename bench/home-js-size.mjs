// Prints how much JavaScript the home page loads (gzip and brotli), and that figure as a ratio
// against React + ReactDOM themselves, measured the same way in the same run.
// Usage: node bench/home-js-size.mjs   (after `make web`)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const client = join(root, "web/build/client");
const html = readFileSync(join(client, "index.html"), "utf8");

// Every script the prerendered home page asks for: module scripts, modulepreloads and inline imports.
const urls = new Set([
  ...[...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]),
]);

const sizes = (buffer) => ({
  raw: buffer.length,
  gzip: gzipSync(buffer, { level: 9 }).length,
  brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
const total = (list) => list.reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, brotli: a.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });

const home = total([...urls].map((u) => sizes(readFileSync(join(client, u)))));
const require = createRequire(join(root, "web/package.json"));
// The packages' exports hide their production builds, so read them from each package's folder.
const packageFile = (pkg, file) => join(dirname(require.resolve(`${pkg}/package.json`)), file);
const reference = total(
  [packageFile("react", "cjs/react.production.js"), packageFile("react-dom", "cjs/react-dom-client.production.js")].map(
    (f) => sizes(readFileSync(f)),
  ),
);
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`home page scripts: ${urls.size} files`);
console.log(`home JS      raw ${kb(home.raw)}  gzip ${kb(home.gzip)}  brotli ${kb(home.brotli)}`);
console.log(`React+DOM    raw ${kb(reference.raw)}  gzip ${kb(reference.gzip)}  brotli ${kb(reference.brotli)}  (reference)`);
console.log(`ratio home/reference (gzip): ${(home.gzip / reference.gzip).toFixed(2)}`);
