// Makes every prerendered page start loading its JavaScript (but for the tiny route manifest)
// only after its first paint.
//
// A prerendered page shows its full content from the HTML and its inlined CSS. React Router's
// bootstrap asks for all of the page's modules from the <head> (modulepreload links) and from a
// module script with static imports, so on a slow phone connection those ~130 KiB download
// alongside the page and Lighthouse counts them before the first paint. This rewrites the
// bootstrap to do the same imports once the first contentful paint is on screen: hydration starts
// that much later, the first paint no longer shares the connection with scripts. What the visitor
// clicks or submits in between is kept and replayed once the page has hydrated (app/lib/early-input.ts,
// inlined in every page's <head>); if the boot fails, it is handed back to the browser.
//
// A page of islands (DESIGN §13) loses React Router's part altogether and loads the islands' script
// after the paint instead; every other public page gets React Router's manifest without the admin's
// routes. The admin's own shell (__spa-fallback.html) is left as built.
//
// The bootstrap's shape is checked strictly: if a React Router upgrade changes it, the build fails
// here instead of shipping a page that never hydrates.
// Usage: node scripts/hydrate-after-paint.mjs build/client
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { walk } from "./walk.mjs";

const PRELOAD = /<link rel="modulepreload" href="(\/[^"]+\.js)"\/>/g;
const BOOTSTRAP = /<script type="module" async="">([\s\S]*?)<\/script>/g;

/** React Router's bootstrap, taken apart: its manifest, route modules, route module map and entry. */
function parseBootstrap(code, file) {
  const manifest = [];
  const routes = [];
  let map = null;
  let entry = null;
  const rest = code
    .replace(/^\s*import "(\/[^"]+\.js)";/gm, (_, url) => (manifest.push(url), ""))
    .replace(/^\s*import \* as (route\d+) from "(\/[^"]+\.js)";/gm, (_, name, url) => (routes.push({ name, url }), ""))
    .replace(/^\s*window\.__reactRouterRouteModules = (\{[^;]*\});/m, (_, m) => ((map = m), ""))
    .replace(/^\s*import\("(\/[^"]+\.js)"\);/m, (_, url) => ((entry = url), ""));
  if (rest.trim() || manifest.length !== 1 || !routes.length || !map || !entry) {
    throw new Error(`${file}: React Router's bootstrap script has an unexpected shape:\n${code}`);
  }
  return { manifest: manifest[0], routes, map, entry };
}

/** The built chunks a chunk imports statically, as URLs. */
function staticImports(url) {
  const code = readFileSync(join(root, url), "utf8");
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)].map((m) => posix.join(posix.dirname(url), m[1]));
}

/** The chunks behind these URLs, each after the chunks it imports. */
function evaluationOrder(urls) {
  const order = [];
  const seen = new Set();
  const visit = (url) => {
    if (seen.has(url)) return;
    seen.add(url);
    staticImports(url).forEach(visit);
    order.push(url);
  };
  urls.forEach(visit);
  return order;
}

/** Module code that runs `boot` (an async function's source) once the first contentful paint is on screen. */
function afterFirstPaint(boot) {
  return [
    `const boot = ${boot};`,
    "let booted = false;",
    "const once = () =>",
    "  booted ||",
    "  ((booted = true),",
    "  boot().catch((error) => {",
    "    console.error(error);",
    "    window.__inlumineReleaseInput?.();",
    "  }));",
    // Paint Timing reports the first contentful paint once it is on screen. A hidden tab paints
    // nothing and a browser without Paint Timing boots as before; the timeout is a safety net.
    'if (document.hidden || !window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) once();',
    "else {",
    '  new PerformanceObserver((list) => list.getEntriesByName("first-contentful-paint").length && once()).observe({ type: "paint", buffered: true });',
    "  setTimeout(once, 1000);",
    "}",
  ].join("\n");
}

function deferredBootstrap({ manifest, routes, map, entry }, preloads) {
  const q = JSON.stringify;
  const order = evaluationOrder(routes.map((r) => r.url));
  // The route manifest (2 KB) stays a static import: it is set before the load event, as before,
  // for code and tests that read it. After the paint: preload every module at once (as the removed
  // links did), evaluate one chunk per task so that a slow phone gets no single long task (React
  // alone takes ~70 ms there), then import the route modules and the entry as the original did.
  const boot = [
    "async () => {",
    `  for (const href of ${q(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `  for (const url of ${q(order)}) {`,
    "    await import(url);",
    "    await new Promise((resolve) => setTimeout(resolve));",
    "  }",
    `  const [${routes.map((r) => r.name).join(", ")}] = await Promise.all([${routes.map((r) => `import(${q(r.url)})`).join(", ")}]);`,
    `  window.__reactRouterRouteModules = ${map};`,
    `  await import(${q(entry)});`,
    "}",
  ].join("\n");
  return [`import ${q(manifest)};`, afterFirstPaint(boot)].join("\n");
}

const publicManifests = new Map();

/**
 * React Router's route manifest as a public page gets it: the routes of the public layout only.
 * With every route it would name each admin page and its module to every visitor; a public page
 * never navigates into the admin (its links are page loads to the admin's own shell, which keeps
 * the whole manifest).
 */
function publicManifest(url) {
  if (publicManifests.has(url)) return publicManifests.get(url);
  const code = readFileSync(join(root, url), "utf8");
  const shape = /^window\.__reactRouterManifest=(\{[\s\S]*\});\s*$/.exec(code);
  if (!shape) throw new Error(`${url}: React Router's manifest has an unexpected shape`);
  const manifest = JSON.parse(shape[1]);
  const routes = manifest.routes;
  const isPublic = (id) => id === "root" || id === "routes/public-layout" || (routes[id]?.parentId !== undefined && routes[id].parentId !== "root" && isPublic(routes[id].parentId));
  if (!routes["routes/public-layout"]) throw new Error(`${url}: no routes/public-layout in React Router's manifest`);
  const dropped = Object.keys(routes).filter((id) => !isPublic(id));
  if (!dropped.some((id) => routes[id].path?.startsWith("admin"))) throw new Error(`${url}: no admin route found to leave out`);
  for (const id of dropped) delete routes[id];
  const file = `/assets/manifest-public-${createHash("sha256").update(JSON.stringify(manifest)).digest("hex").slice(0, 8)}.js`;
  manifest.url = file;
  writeFileSync(join(root, file), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  publicManifests.set(url, file);
  return file;
}

/** React Router's <ScrollRestoration> script, known by its storage key. */
const SCROLL_RESTORATION = /<script>\(\([^<]*"react-router-scroll-positions"[^<]*<\/script>/;

/**
 * A page of islands (DESIGN §13, `<html data-islands>`): React Router's part of the page goes, from
 * its context script to the end of the body (its bootstrap and the streamed loader data, all
 * scripts), and its scroll restoration (the browser places the view on a page load; see
 * islands/boot.tsx); the islands' script comes after the first paint instead. The part taken out
 * is checked to hold nothing else, so a page never loses content here.
 */
function asIslandsPage(original, file, entry) {
  if (!SCROLL_RESTORATION.test(original)) throw new Error(`${file}: React Router's scroll restoration script not found`);
  const html = original.replace(SCROLL_RESTORATION, "");
  const start = html.indexOf("<script>window.__reactRouterContext = ");
  const end = html.lastIndexOf("</body>");
  if (start < 0 || end < start) throw new Error(`${file}: no React Router context script before </body>`);
  const routerPart = html.slice(start, end);
  const leftOver = routerPart
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<template id="B:\d+"><\/template>|<div hidden="" id="S:\d+">|<div hidden id="S:\d+">|<\/div>|<!--\/?\$\??-->/g, "");
  if (leftOver.trim()) throw new Error(`${file}: React Router's part of the page holds more than scripts:\n${leftOver}`);
  const boot = `async () => { await import(${JSON.stringify(entry)}); }`;
  return `${html.slice(0, start).replace(PRELOAD, "")}<script type="module" async="">${afterFirstPaint(boot)}</script>${html.slice(end)}`;
}

/** The islands' script, as the islands build wrote it (vite.islands.config.ts); its manifest is not served. */
function islandsEntry(buildDir) {
  const dir = join(buildDir, ".vite");
  const manifest = JSON.parse(readFileSync(join(dir, "islands-manifest.json"), "utf8"));
  rmSync(dir, { recursive: true });
  const entry = manifest["app/islands/boot.tsx"];
  if (!entry?.isEntry) throw new Error("islands-manifest.json has no entry app/islands/boot.tsx: run the islands build first");
  return `/${entry.file}`;
}

const root = process.argv[2];
if (!root) {
  console.error("usage: node scripts/hydrate-after-paint.mjs <dir>");
  process.exit(1);
}
const islands = islandsEntry(root);
let count = 0;
let islandPages = 0;
for await (const file of walk(root)) {
  if (!file.endsWith(".html")) continue;
  if (file.endsWith("__spa-fallback.html")) {
    // The admin's shell shows only a spinner until its scripts run: it keeps loading them at once.
    // React Router renders it at "/", so it carries the home page's islands marker: not its own.
    const shell = await readFile(file, "utf8");
    await writeFile(file, shell.replace(/^(<!DOCTYPE html><html [^>]*?) data-islands=""/, "$1"));
    continue;
  }
  const html = await readFile(file, "utf8");
  if (/^<!DOCTYPE html><html [^>]*data-islands=""/.test(html)) {
    await writeFile(file, asIslandsPage(html, file, islands));
    islandPages++;
    continue;
  }
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  const bootstraps = [...html.matchAll(BOOTSTRAP)];
  if (bootstraps.length === 0 && preloads.length === 0) continue;
  if (bootstraps.length !== 1) throw new Error(`${file}: expected one React Router bootstrap script, found ${bootstraps.length}`);
  const bootstrap = parseBootstrap(bootstraps[0][1], file);
  const manifest = bootstrap.manifest;
  bootstrap.manifest = publicManifest(manifest);
  const publicPreloads = preloads.map((url) => (url === manifest ? bootstrap.manifest : url));
  const out = html
    .replace(PRELOAD, "")
    .replace(BOOTSTRAP, () => `<script type="module" async="">${deferredBootstrap(bootstrap, publicPreloads)}</script>`);
  await writeFile(file, out);
  count++;
}
console.log(`hydrate-after-paint: ${count} pages load React Router and ${islandPages} their islands, after the first paint`);
