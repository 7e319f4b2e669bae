// make bench, issue 23: what a flood of password work costs the server's memory. Two bursts of 300
// requests, 100 at a time: guessed reset and invitation links from one address, then sign-ins with
// a wrong password, each from its own address (X-Forwarded-For, trusted in the bench) and for its
// own account. Prints the answers by status and the server's RSS before, at its peak during the
// burst, and 10 s and 60 s after it (goal: under 100 MB at the peak, back to idle within a minute).
//
// Usage: node bench/flood.mjs BASE_URL SERVER_PID
import { readFileSync } from "node:fs";

const [base, pid] = process.argv.slice(2);
if (!base || !pid) {
  console.error("usage: node bench/flood.mjs BASE_URL SERVER_PID");
  process.exit(2);
}

/** A line of the server's /proc status in MB: VmRSS, or RssAnon (without the mapped binary). */
const statusMb = (field) => {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+)`, "m"));
  return line ? Number(line[1]) / 1024 : NaN;
};
const rssMb = () => statusMb("VmRSS");
const anonMb = () => statusMb("RssAnon");
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function burst(label, request) {
  const before = rssMb();
  const anonBefore = anonMb();
  let peak = before;
  let anonPeak = anonBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
    anonPeak = Math.max(anonPeak, anonMb());
  }, 20);
  const statuses = {};
  const started = Date.now();
  for (let wave = 0; wave < 3; wave++) {
    await Promise.all(
      Array.from({ length: 100 }, async (_, j) => {
        const i = wave * 100 + j;
        let status;
        try {
          status = (await request(i)).status;
        } catch {
          status = "error";
        }
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
  }
  const took = Date.now() - started;
  await sleep(10_000);
  const after10 = rssMb();
  peak = Math.max(peak, after10);
  await sleep(50_000);
  clearInterval(sampler);
  const after60 = rssMb();
  const anonAfter60 = anonMb();
  const answers = Object.entries(statuses)
    .sort()
    .map(([status, n]) => `${n} × ${status}`)
    .join(", ");
  console.log(`  ${label}`);
  console.log(`    answers: ${answers} (${took} ms)`);
  console.log(
    `    RSS: before ${before.toFixed(1)} MB, peak ${peak.toFixed(1)} MB, after 10 s ${after10.toFixed(1)} MB, after 60 s ${after60.toFixed(1)} MB`,
  );
  console.log(
    `    of it anonymous (not the binary's pages): before ${anonBefore.toFixed(1)} MB, peak ${anonPeak.toFixed(1)} MB, after 60 s ${anonAfter60.toFixed(1)} MB`,
  );
}

const post = (path, body, ip) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: JSON.stringify(body),
  }).then(async (res) => {
    await res.arrayBuffer();
    return res;
  });

const guess = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");

// Idle is a server that has served: 300 page loads first, so what the bursts leave shows apart
// from what any first requests leave (connection buffers, the allocator's first arenas).
for (let wave = 0; wave < 3; wave++) {
  await Promise.all(Array.from({ length: 100 }, () => fetch(`${base}/`).then((res) => res.arrayBuffer())));
}
await sleep(5_000);

await burst("300 guessed reset and invitation links from one address, 100 at a time", (i) =>
  post(i % 2 ? "/api/auth/invitation" : "/api/auth/password-reset", { token: guess(), password: "een-lang-nieuw-wachtwoord" }, "198.51.100.7"),
);
await burst("300 wrong sign-ins, each from its own address and for its own account, 100 at a time", (i) =>
  post("/api/auth/login", { email: `flood${i}@example.be`, password: `fout-${i}` }, `203.0.${i >> 8}.${i & 255}`),
);
