import { defineConfig, devices } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

// One real server per run: a free loopback port and a fresh SQLite data folder with demo content.
// The values go through the environment so that every worker process sees the same ones.
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "inlumine-e2e-"));
// The admin that start-server.sh creates; tests sign in with it (e2e/admin-helpers.ts).
process.env.E2E_ADMIN_EMAIL ??= "coach@e2e.test";
process.env.E2E_ADMIN_PASSWORD ??= randomBytes(18).toString("base64url"); // 24 characters
// A short-lived access token makes the client refresh ~10-15 s after sign-in (90 s margin),
// so the "refreshed before expiry" test stays short.
process.env.E2E_ACCESS_TOKEN_TTL ??= "100";
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // Writes share SQLite's one lock (a writer may wait up to its 5 s busy timeout while another
  // spec's write holds it), so an answer after a save gets 10 s on a loaded two-core machine.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /\.last\.spec\.ts$/ },
    // Specs that change what every page shows (the footer) run after all the others, alone.
    {
      name: "last",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /\.last\.spec\.ts$/,
      dependencies: ["chromium"],
    },
  ],
  webServer: {
    command: "bash e2e/start-server.sh",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
