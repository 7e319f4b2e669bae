// How much JavaScript the prerendered home page loads, in how many files, and how much of it is
// requested before the first paint; next to React + ReactDOM bundled and minified by the same Vite
// in the same run (the floor any React page pays). Then the first-load JavaScript of every public page.
// Usage: node bench/page-js-size.mjs [BUILD_DIR]   (default web/build/client, after `make web`)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, posix } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const web = join(root, "web");
const client = process.argv[2] ?? join(web, "build/client");
const html = readFileSync(join(client, "index.html"), "utf8");

/** Whether a built page boots as islands (web/app/islands; no React Router). */
const isIslandsPage = (page) => /^<!DOCTYPE html><html [^>]*data-islands=""/.test(page);

const assets = readdirSync(join(client, "assets"));

/**
 * Scripts a page names (bootstrap imports, modulepreloads) and everything they import statically.
 * A page of islands imports, when it boots, the module of each island it has (web/vite.islands.config.ts
 * names them island-<name>-<hash>.js) with what that imports.
 */
function firstLoadScripts(page) {
  const found = new Set([...page.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]));
  if (isIslandsPage(page)) {
    for (const [, name] of page.matchAll(/ data-island="([\w-]+)"/g)) {
      const part = assets.find((file) => new RegExp(`^island-${name}-[\\w-]{8}\\.js$`).test(file));
      if (!part) throw new Error(`no module for the island "${name}" in ${client}/assets`);
      found.add(`/assets/${part}`);
    }
  }
  for (const url of found) {
    const code = readFileSync(join(client, url), "utf8");
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      found.add(posix.join(posix.dirname(url), m[1]));
    }
  }
  return found;
}
const scripts = firstLoadScripts(html);
// What the browser asks for as it parses the page, before it can paint: stylesheets, preloads and
// scripts in <head>, and the static imports of inline module scripts.
const head = html.slice(0, html.indexOf("</head>"));
const moduleScripts = [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
const beforePaint = new Set([
  ...[...head.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
  ...[...head.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
  ...moduleScripts.flatMap((code) => [...code.matchAll(/^\s*import\s[^(]*?["'](\/assets\/[^"']+)["']/gm)].map((m) => m[1])),
]).size;
const inlineCss = /<style[^>]*>[\s\S]{1000,}?<\/style>/.test(head);

const sizes = (buffer) => ({
  raw: buffer.length,
  gzip: gzipSync(buffer, { level: 9 }).length,
  brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});
const total = (list) =>
  list.reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, brotli: a.brotli + s.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
const home = total([...scripts].map((u) => sizes(readFileSync(join(client, u)))));

// The reference: React + ReactDOM's client, whole, minified for production by the project's Vite.
const require = createRequire(join(web, "package.json"));
const { build } = await import(pathToFileURL(require.resolve("vite")).href);
const REFERENCE = "\0react-reference";
const output = await build({
  root: web,
  configFile: false,
  logLevel: "silent",
  mode: "production",
  plugins: [
    {
      name: "react-reference",
      resolveId: (id) => (id === REFERENCE ? id : null),
      load: (id) =>
        id === REFERENCE
          ? 'import * as React from "react"; import * as ReactDOM from "react-dom/client"; globalThis.__reference = [React, ReactDOM];'
          : null,
    },
  ],
  build: { write: false, minify: true, rolldownOptions: { input: REFERENCE } },
});
const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((o) => o.type === "chunk");
const reference = total(chunks.map((c) => sizes(Buffer.from(c.code))));

const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`home page JS once every part has hydrated: ${scripts.size} files, requested before the first paint: ${beforePaint} (CSS ${inlineCss ? "inline" : "a separate file"})`);
console.log(`  home JS        raw ${kb(home.raw)}  gzip ${kb(home.gzip)}  brotli ${kb(home.brotli)}`);
console.log(`  React+ReactDOM raw ${kb(reference.raw)}  gzip ${kb(reference.gzip)}  brotli ${kb(reference.brotli)}  (reference, minified by Vite now)`);
console.log(`  ratio home/reference (gzip): ${(home.gzip / reference.gzip).toFixed(2)}`);

// Every public page (the prerendered ones; the admin is one app behind its sign-in).
const pages = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return ["admin", "assets"].includes(name) ? [] : pages(path);
    return name === "index.html" ? [path] : [];
  });
// A page of islands loads at first only the code of the islands near the view (islands/boot.tsx),
// the rest as the visitor reaches them: this is the most it loads. Lighthouse's JS column is what a
// phone loaded.
console.log("JS per public page once every part has hydrated (gzip; * = boots as islands, which load at first only what is near the view):");
for (const page of pages(client).sort()) {
  const html = readFileSync(page, "utf8");
  const js = total([...firstLoadScripts(html)].map((u) => sizes(readFileSync(join(client, u)))));
  const path = `/${posix.dirname(page.slice(client.length).replaceAll("\\", "/")).replace(/^\/+|^\.$/g, "")}`;
  console.log(`  ${(path + (isIslandsPage(html) ? " *" : "")).padEnd(34)} ${kb(js.gzip)}`);
}
