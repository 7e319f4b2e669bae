// Writes .br (quality 11) and .gz (level 9) siblings for every compressible
// file of at least 1 KiB under the given directory, so the server can serve
// precompressed assets.
import { readFile, stat, writeFile } from "node:fs/promises";
import { extname } from "node:path";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";
import { walk } from "./walk.mjs";

const EXTENSIONS = new Set([".js", ".css", ".svg", ".json", ".html", ".xml", ".txt"]);
const MIN_SIZE = 1024;

const root = process.argv[2];
if (!root) {
  console.error("usage: node scripts/compress.mjs <dir>");
  process.exit(1);
}

let count = 0;
for await (const file of walk(root)) {
  if (!EXTENSIONS.has(extname(file))) continue;
  if ((await stat(file)).size < MIN_SIZE) continue;
  const data = await readFile(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gz);
  count++;
}
console.log(`compress: wrote .br and .gz for ${count} files under ${root}`);
