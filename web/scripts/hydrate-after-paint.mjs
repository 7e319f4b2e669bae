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
// The bootstrap's shape is checked strictly: if a React Router upgrade changes it, the build fails
// here instead of shipping a page that never hydrates.
// Usage: node scripts/hydrate-after-paint.mjs build/client
import { readFileSync } from "node:fs";
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

function deferredBootstrap({ manifest, routes, map, entry }, preloads) {
  const q = JSON.stringify;
  const order = evaluationOrder(routes.map((r) => r.url));
  // The route manifest (2 KB) stays a static import: it is set before the load event, as before,
  // for code and tests that read it. After the paint: preload every module at once (as the removed
  // links did), evaluate one chunk per task so that a slow phone gets no single long task (React
  // alone takes ~70 ms there), then import the route modules and the entry as the original did.
  return [
    `import ${q(manifest)};`,
    "const boot = async () => {",
    `  for (const href of ${q(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `  for (const url of ${q(order)}) {`,
    "    await import(url);",
    "    await new Promise((resolve) => setTimeout(resolve));",
    "  }",
    `  const [${routes.map((r) => r.name).join(", ")}] = await Promise.all([${routes.map((r) => `import(${q(r.url)})`).join(", ")}]);`,
    `  window.__reactRouterRouteModules = ${map};`,
    `  await import(${q(entry)});`,
    "};",
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

const root = process.argv[2];
if (!root) {
  console.error("usage: node scripts/hydrate-after-paint.mjs <dir>");
  process.exit(1);
}
let count = 0;
for await (const file of walk(root)) {
  // The admin's shell shows only a spinner until its scripts run: it keeps loading them at once.
  if (!file.endsWith(".html") || file.endsWith("__spa-fallback.html")) continue;
  const html = await readFile(file, "utf8");
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  const bootstraps = [...html.matchAll(BOOTSTRAP)];
  if (bootstraps.length === 0 && preloads.length === 0) continue;
  if (bootstraps.length !== 1) throw new Error(`${file}: expected one React Router bootstrap script, found ${bootstraps.length}`);
  const bootstrap = parseBootstrap(bootstraps[0][1], file);
  const out = html
    .replace(PRELOAD, "")
    .replace(BOOTSTRAP, () => `<script type="module" async="">${deferredBootstrap(bootstrap, preloads)}</script>`);
  await writeFile(file, out);
  count++;
}
console.log(`hydrate-after-paint: ${count} pages load their scripts after the first paint`);
