// Lighthouse (mobile defaults: simulated slow 4G and a slowed-down CPU) against a running server,
// with Debian's Chromium. Prints the median of RUNS runs per page, one line per page.
// Usage: node bench/lighthouse.mjs BASE_URL [PATH...]   (env: RUNS=5, FRESH=1, LH_JSON_DIR=dir to keep each report)
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
// Lighthouse is a dev dependency of web/; bench/ has no node_modules of its own.
const require = createRequire(join(root, "web/package.json"));
const { default: lighthouse } = await import(pathToFileURL(require.resolve("lighthouse")).href);
const lighthouseVersion = require("lighthouse/package.json").version;

const [base, ...argPaths] = process.argv.slice(2);
if (!base) {
  console.error("usage: node bench/lighthouse.mjs BASE_URL [PATH...]");
  process.exit(1);
}
const paths = argPaths.length ? argPaths : ["/", "/vertelavond", "/checkout", "/gratis-kennismakingsgesprek"];
const runs = Number(process.env.RUNS ?? 5);
const jsonDir = process.env.LH_JSON_DIR;
if (jsonDir) mkdirSync(jsonDir, { recursive: true });

// FRESH=1 measures the way PageSpeed Insights and the Lighthouse CLI do: a new Chromium with a new
// profile for every run, so nothing (compiled code, the disk cache Lighthouse cannot clear, a warm
// V8) carries over. Without it one Chromium serves all runs and Lighthouse resets storage and cache
// between them: quicker, and kept to compare with earlier figures.
const fresh = process.env.FRESH === "1";

/** Starts Debian's Chromium with an empty profile; answers its DevTools port and a stop function. */
async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), "inlumine-lh-"));
  const chrome = spawn(
    process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--remote-debugging-port=0",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  // Chromium must have exited before its profile can be removed.
  const stop = async () => {
    const exited = new Promise((r) => (chrome.exitCode !== null ? r() : chrome.once("exit", r)));
    chrome.kill();
    await exited;
    // Its helper processes may still be writing for a moment after it exited: try again a few
    // times, and leave the folder (in the temporary directory) rather than stop the bench.
    for (let attempt = 1; ; attempt++) {
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
        return;
      } catch (error) {
        if (attempt === 5) return console.error(`  (could not remove ${profile}: ${error.code})`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };
  // Chromium writes the port it picked into the profile.
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      const port = Number(readFileSync(join(profile, "DevToolsActivePort"), "utf8").split("\n")[0]);
      if (port) return { port, stop };
    } catch {
      // not written yet
    }
  }
  await stop();
  throw new Error("Chromium did not start (no DevToolsActivePort)");
}

const shared = fresh ? null : await startChromium();
const exit = async (code) => {
  await shared?.stop();
  process.exit(code);
};
process.on("SIGINT", () => exit(130));
process.on("SIGTERM", () => exit(143));

/** One Lighthouse run of a URL, in the shared Chromium or (FRESH=1) in one started for it alone. */
async function runOnce(url) {
  const browser = shared ?? (await startChromium());
  try {
    return await lighthouse(url, { port: browser.port, output: "json", logLevel: "error", onlyCategories: categories });
  } finally {
    if (!shared) await browser.stop();
  }
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const categories = ["performance", "accessibility", "best-practices", "seo"];

async function measure(path) {
  const lhrs = [];
  for (let i = 0, failures = 0; i < runs; ) {
    const result = await runOnce(new URL(path, base).href);
    // A run can fail on a busy machine (e.g. NO_NAVSTART: the trace missed the navigation): retry it.
    if (result.lhr.runtimeError) {
      if (++failures > 3) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
      console.error(`  (${path}: ${result.lhr.runtimeError.code}, run again)`);
      continue;
    }
    i++;
    lhrs.push(result.lhr);
    if (jsonDir) writeFileSync(join(jsonDir, `${path.replace(/\W+/g, "_") || "_"}-${i}.json`), result.report);
  }
  const score = (c) => Math.round(median(lhrs.map((l) => l.categories[c].score)) * 100);
  const audit = (a) => median(lhrs.map((l) => l.audits[a].numericValue));
  return {
    path,
    performance: score("performance"),
    performanceAll: lhrs.map((l) => Math.round(l.categories.performance.score * 100)),
    lcpMs: audit("largest-contentful-paint"),
    fcpMs: audit("first-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    // Transferred, as the page loaded it in the run (compressed as sent).
    jsBytes: median(lhrs.map((l) => l.audits["resource-summary"].details.items.find((i) => i.resourceType === "script")?.transferSize ?? 0)),
    benchmarkIndex: median(lhrs.map((l) => l.environment.benchmarkIndex)),
  };
}

const results = [];
try {
  for (const path of paths) results.push(await measure(path));
} catch (error) {
  console.error(error);
  await exit(1);
}

const pad = (s, n) => String(s).padEnd(n);
const benchmarkIndex = Math.round(median(results.map((r) => r.benchmarkIndex)));
console.log(
  `Lighthouse ${lighthouseVersion} mobile, median of ${runs} runs, ${fresh ? "a fresh Chromium per run (as PageSpeed)" : "one Chromium for all runs"} ` +
    `(Debian Chromium, simulated slow 4G; CPU benchmark index ${benchmarkIndex})`,
);
console.log(`  ${pad("page", 30)} ${pad("perf", 5)} ${pad("FCP", 7)} ${pad("LCP", 7)} ${pad("TBT", 7)} ${pad("CLS", 6)} ${pad("JS", 9)} a11y/bp/seo   (each run's perf)`);
for (const r of results) {
  console.log(
    `  ${pad(r.path, 30)} ${pad(r.performance, 5)} ${pad(`${(r.fcpMs / 1000).toFixed(2)}s`, 7)} ${pad(`${(r.lcpMs / 1000).toFixed(2)}s`, 7)} ` +
      `${pad(`${Math.round(r.tbtMs)}ms`, 7)} ${pad(r.cls.toFixed(3), 6)} ${pad(`${(r.jsBytes / 1024).toFixed(1)}KiB`, 9)} ${r.accessibility}/${r.bestPractices}/${r.seo}   (${r.performanceAll.join(" ")})`,
  );
}
if (process.env.LH_SUMMARY) writeFileSync(process.env.LH_SUMMARY, JSON.stringify(results, null, 2));
await exit(0);
