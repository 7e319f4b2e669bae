import { expect, test } from "@playwright/test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

// A public page loads no admin code (issue 26): the scripts a built public page loads, and the
// files those import, never call the admin API. Read from the build itself, as a browser gets it.
const client = new URL("../build/client/", import.meta.url).pathname;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "admin" || name === "assets" ? [] : htmlFiles(path);
    return name.endsWith(".html") ? [path] : [];
  });
}

/** Every script a page loads at first: its own, and what they import, transitively. */
function scriptsOf(html: string): Set<string> {
  const seen = new Set<string>();
  const queue = [...html.matchAll(/\/assets\/([\w.-]+\.js)/g)].map((m) => m[1]);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(client, "assets", file), "utf8");
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) queue.push(m[1]);
  }
  return seen;
}

test("no public page loads a script that calls the admin API", () => {
  const pages = htmlFiles(client);
  expect(pages.length).toBeGreaterThan(20);
  const offending: string[] = [];
  for (const page of pages) {
    for (const script of scriptsOf(readFileSync(page, "utf8"))) {
      if (readFileSync(join(client, "assets", script), "utf8").includes("/api/admin")) {
        offending.push(`${page.slice(client.length)} → ${script}`);
      }
    }
  }
  expect(offending).toEqual([]);
});
