import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import site from "../../config/site.json" with { type: "json" };

export { site };

/** Every public route of the spec, with the alias groups that must render the same page. */
export const publicRoutes = [
  "/",
  "/wees-eerlijk",
  "/wees-eerlijk/zelftest",
  "/wees-eerlijk/zelftest/resultaat",
  "/wees-eerlijk/zelftest/bevestigen",
  "/begrijp-jezelf",
  "/voor-jezelf",
  "/begrijp-jezelf/spiegelgevecht",
  "/begrijp-jezelf/vertelavond",
  "/vertelavond",
  "/transformeer",
  "/transformeer/zelfbeeld-ommekeer",
  "/transformeer/webinar-reeks",
  "/webinar-reeks",
  "/over-mij",
  "/contact",
  "/checkout",
  "/payment-success",
  "/payment-canceled",
  "/gratis-kennismakingsgesprek",
  "/booking",
  "/zelfbeeld-ommekeer-booking",
  "/product-zelfbeeld-ommekeer",
  "/privacy",
  "/algemene-voorwaarden",
  "/nieuwsbrief/bevestigen",
  "/nieuwsbrief/uitschrijven",
  "/testmail/ontvangen",
  "/ervaring-delen",
  "/afspraak",
];

export const adminRoutes = [
  "/admin/login",
  "/admin",
  "/admin/dashboard",
  "/admin/bezoekers",
  "/admin/reviews",
  "/admin/media",
  "/admin/tickets",
  "/admin/zelfbeeld-events",
  "/admin/coupons",
  "/admin/zelftest",
  "/admin/drempel-videos",
  "/admin/nieuwsbrief",
  "/admin/personen",
  "/admin/beschikbaarheid",
  "/admin/afspraken",
  "/admin/berichten",
  "/admin/meldingen",
  "/admin/mails",
  "/admin/paginas",
  "/admin/accounts",
  "/admin/nieuwe-passkey",
  "/admin/facturen",
  "/admin/instellingen",
];

export const aliasGroups: [string, string][] = [
  ["/begrijp-jezelf/vertelavond", "/vertelavond"],
  ["/transformeer/webinar-reeks", "/webinar-reeks"],
  ["/gratis-kennismakingsgesprek", "/booking"],
  ["/admin", "/admin/dashboard"],
];

/** Fails the test on any page error or console error, except the ones a test expects. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

export async function expectNoAxeViolations(page: Page) {
  // A toast fading in or out is mid-way between colours, and axe would measure that blend: wait
  // until no toast is in transition (a settled toast is checked like the rest of the page). A toast
  // may also enter, stack or start to leave (sonner closes it after a few seconds) while axe reads
  // the page, which takes seconds on a loaded machine, and a transition that starts and ends inside
  // the scan leaves no trace to compare: so a scan with a violation is made again once the toasts
  // are still. A real fault is found every time; only a moment's blend passes on a later scan.
  let summary: string[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    await expect.poll(() => movingToasts(page), { timeout: 15_000 }).toBe(0);
    // Only violations are read, so axe details no passing or inapplicable node: about 6% less time
    // for the a11y specs (axe's scans are half of their time: 93 scans, 181 s in admin-a11y).
    const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
    summary = results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
    if (summary.length === 0) break;
    await page.waitForTimeout(500);
  }
  expect(summary, `axe-core violations on ${page.url()}`).toEqual([]);
}

/** How many animations of the toasts (entering, stacking, leaving) are running. */
async function movingToasts(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      document
        .getAnimations()
        .filter((a) => a.effect instanceof KeyframeEffect && a.effect.target?.closest("[data-sonner-toaster]")).length,
  );
}

/** The server's file mail transport writes one .eml per message into DATA_DIR/mail. */
export function readMails(): { file: string; text: string }[] {
  const dir = join(process.env.E2E_DATA_DIR!, "mail");
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  return files.map((file) => ({ file, text: decodeMail(readFileSync(join(dir, file), "utf8")) }));
}

/** The mail's own `To:` header names `address` (a `Reply-To:` naming it does not count). */
export function addressedTo(text: string, address: string): boolean {
  return text.split("\n").some((line) => line === `To: ${address}` || (line.startsWith("To: ") && line.endsWith(`<${address}>`)));
}

/** Decode every MIME part (base64 or quoted-printable) so links, codes and Dutch text can be searched. */
export function decodeMail(raw: string): string {
  const normalized = raw.replace(/\r\n/g, "\n");
  const decoded: string[] = [];
  // Headers and body of each part are separated by a blank line; boundaries start with "--".
  for (const part of normalized.split(/\n--[^\n]*\n/)) {
    const split = part.indexOf("\n\n");
    if (split < 0) {
      decoded.push(part); // headers only, e.g. the message's own headers before the first part
      continue;
    }
    const headers = part.slice(0, split).toLowerCase();
    const body = part.slice(split + 2);
    if (headers.includes("content-transfer-encoding: base64")) {
      decoded.push(Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8"));
    } else if (headers.includes("content-transfer-encoding: quoted-printable")) {
      const escaped = body
        .replace(/%/g, "%25")
        .replace(/=\n/g, "")
        .replace(/=([0-9A-F]{2})/g, "%$1");
      decoded.push(decodeURIComponent(escaped));
    } else {
      decoded.push(body);
    }
    decoded.push(part.slice(0, split));
  }
  return decoded.join("\n");
}

export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@voorbeeld.be`;
}

/**
 * Scrolls through the whole page half a view at a time, as a visitor reading it, and back to where
 * the view was: every island on it comes near the view and hydrates (islands below the view wait
 * for that, islands/boot.tsx), so what they load is on the page.
 */
export async function readThrough(page: Page) {
  // From when the islands listen: a part that came near before would not know.
  await expect(page.locator("html[data-islands]:not([data-islands-ready])")).toHaveCount(0);
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const start = scrollY;
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await frame();
    }
    scrollTo(0, start);
  });
}

/**
 * Waits until the page's scripts have taken over: React has hydrated it (it has claimed the footer's
 * DOM node; its effects run right after), or on a page of islands the parts in view listen. Then,
 * on a page of islands, it reads the page through so that every part that hydrates near the view
 * has (the menu waits to be used), as after a visitor has read down the page.
 */
export async function waitForHydration(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.documentElement.hasAttribute("data-islands-ready") ||
          Object.keys(document.querySelector("footer")!).some((key) => key.startsWith("__reactFiber")),
      ),
    )
    .toBe(true);
  if (await page.locator("html[data-islands-ready]").count()) {
    await readThrough(page);
    await expect(page.locator('[data-island]:not([data-hydrate-when="used"]):not([data-hydrated])')).toHaveCount(0);
  }
}
