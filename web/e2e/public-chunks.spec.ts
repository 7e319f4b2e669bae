import { expect, test } from "@playwright/test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

// A public page loads no admin code (issue 26): the scripts a built public page loads, and the
// files those import, never call the admin API nor name an admin page. Read from the build itself,
// as a browser gets it.
const client = new URL("../build/client/", import.meta.url).pathname;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "admin" || name === "assets" ? [] : htmlFiles(path);
    return name.endsWith(".html") ? [path] : [];
  });
}

/** Every script a page can load: its own, and what they import, now or later, transitively. */
function scriptsOf(html: string): Set<string> {
  const seen = new Set<string>();
  const queue = [...html.matchAll(/\/assets\/([\w.-]+\.js)/g)].map((m) => m[1]);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(client, "assets", file), "utf8");
    for (const m of code.matchAll(/(?:from|import)\s*\(?\s*["'`]\.\/([\w.-]+\.js)["'`]/g)) queue.push(m[1]);
    // The chunks Vite preloads with a dynamic import, listed apart (__vite__mapDeps).
    for (const m of code.matchAll(/"assets\/([\w.-]+\.js)"/g)) queue.push(m[1]);
  }
  return seen;
}

const pages = htmlFiles(client);
expect(pages.length).toBeGreaterThan(20);
/** The public pages: all but the admin's shell. */
const publicPages = pages.filter((page) => !page.endsWith("__spa-fallback.html"));
/** A call of the admin API, or the path of an admin page (as React Router's manifest would name it). */
const ADMIN = /\/api\/admin|\badmin\/[a-z]/;
/** A link into Beheer (the test mail's page has one for the coach): a page load to the admin's own shell, no admin code. */
const LINK_TO_ADMIN = /\b(?:to|href):\s*([`"'])\/admin\/[\w/-]*\1/g;
const adminMention = (code: string) => ADMIN.exec(code.replace(LINK_TO_ADMIN, ""))?.[0];
const islandsPages = pages.filter((page) => /^<!DOCTYPE html><html [^>]*data-islands=""/.test(readFileSync(page, "utf8")));

test("no public page loads a script that names an admin page or the admin API", () => {
  const offending: string[] = [];
  for (const page of publicPages) {
    for (const script of scriptsOf(readFileSync(page, "utf8"))) {
      const mention = adminMention(readFileSync(join(client, "assets", script), "utf8"));
      if (mention) offending.push(`${page.slice(client.length)} → ${script}: ${mention}`);
    }
  }
  expect(offending).toEqual([]);
  // The admin's shell does name them: the check can fail.
  const shell = pages.find((page) => page.endsWith("__spa-fallback.html"))!;
  expect([...scriptsOf(readFileSync(shell, "utf8"))].some((s) => adminMention(readFileSync(join(client, "assets", s), "utf8")))).toBe(true);
});

test("every public page boots as islands, loading no router and only the islands' own scripts", () => {
  // All but the 404 page, which stays in the React Router app (as the shell of every unknown path,
  // __spa-fallback.html, it is the admin's too), and the archive's frame, from which the server
  // makes the archive's pages without its scripts.
  const notIslands = ["404/index.html", "nieuwsbrief/archief/index.html"];
  expect(publicPages.map((page) => page.slice(client.length)).filter((page) => !notIslands.includes(page)).sort()).toEqual(
    islandsPages.map((page) => page.slice(client.length)).sort(),
  );
  for (const page of islandsPages) {
    const html = readFileSync(page, "utf8");
    expect(html, page).not.toContain("__reactRouter");
    expect(html, page).not.toContain("react-router-scroll-positions");
    expect(html, page).not.toContain('rel="modulepreload"');
    const scripts = [...scriptsOf(html)];
    expect(scripts.length, page).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script, `${page}: only the islands' own scripts`).toMatch(/^islands?-/);
    }
  }
});

test("the home page's first load takes at most 50 KiB of JavaScript", async ({ page }) => {
  const scripts: { url: string; bytes: Promise<number> }[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "script") {
      scripts.push({ url: request.url(), bytes: request.sizes().then((s) => s.responseBodySize) });
    }
  });
  await page.goto("/");
  await expect(page.locator("html[data-islands-ready]")).toBeAttached();
  await page.waitForLoadState("networkidle");
  const sizes = await Promise.all(scripts.map(async (s) => ({ url: new URL(s.url).pathname, bytes: await s.bytes })));
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  // Compressed as sent (the server's precompressed .br or .gz).
  expect(sizes.length, JSON.stringify(sizes)).toBeGreaterThan(0);
  expect(total, JSON.stringify(sizes)).toBeLessThanOrEqual(50 * 1024);
});
