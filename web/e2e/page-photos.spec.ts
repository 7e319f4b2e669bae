import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { bearer } from "./admin-commerce-helpers";
import { signInViaApi, toast, uniqueName, waitForAdminPage, type StoredSession } from "./admin-helpers";
import { collectConsoleErrors, expectNoAxeViolations, waitForHydration } from "./helpers";

/** A JPEG made by the browser's canvas, `width`×`height`, with `label` drawn in so every run's photo is new. */
async function photo(page: Page, label: string, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ text, width, height }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext("2d")!;
      const gradient = g.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, "#c49a3a");
      gradient.addColorStop(1, "#1f6f6a");
      g.fillStyle = gradient;
      g.fillRect(0, 0, width, height);
      g.fillStyle = "#fff";
      g.font = "40px sans-serif";
      g.fillText(text, 30, height / 2);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    { text: label, width, height },
  );
  return Buffer.from(base64, "base64");
}

async function setSlot(request: APIRequestContext, session: StoredSession, slot: string, mediaId: number | null) {
  const res = await request.put(`/api/admin/media/slots/${slot}`, { headers: bearer(session), data: { media_id: mediaId } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The element the server fills for `slot`, from the raw HTML. */
function slotElement(html: string, slot: string): string {
  const start = html.indexOf(`data-media-slot="${slot}"`);
  expect(start, `no ${slot} slot`).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</div>", start));
}

test("the coach's portrait and hero photo are in the raw HTML of / and hydrate without errors", async ({ page }) => {
  const session = await signInViaApi(page);
  try {
    // The hero photo through the API, the portrait as the coach does it in Beheer > Media.
    const heroAlt = uniqueName("Zonlicht door de bomen");
    const upload = await page.request.post("/api/admin/media", {
      headers: bearer(session),
      multipart: { alt: heroAlt, file: { name: "bos.jpg", mimeType: "image/jpeg", buffer: await photo(page, heroAlt, 1200, 800) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    await setSlot(page.request, session, "hero", ((await upload.json()) as { id: number }).id);

    const alt = uniqueName("Els lacht in haar praktijk");
    await page.goto("/admin/media");
    await waitForAdminPage(page);
    await page.getByLabel("Foto", { exact: true }).setInputFiles({ name: "els.jpg", mimeType: "image/jpeg", buffer: await photo(page, alt, 900, 1050) });
    await page.getByLabel("Alt-tekst").fill(alt);
    await page.getByRole("button", { name: "Foto opladen" }).click();
    await expect(toast(page, "Foto opgeladen")).toBeVisible();
    await page.getByLabel("Portret van de coach").selectOption({ label: alt });
    await expect(toast(page, "Opgeslagen")).toBeVisible();

    // What a crawler gets: the photo in the page itself, with its sizes and alt text.
    // Below the hero on /, lazy; on /over-mij it is the first screen, so loaded first.
    for (const [path, loading] of [
      ["/", 'loading="lazy"'],
      ["/over-mij", 'loading="eager" fetchpriority="high"'],
    ] as const) {
      const html = await (await page.request.get(path)).text();
      const portrait = slotElement(html, "portrait");
      expect(portrait).not.toContain("coach.svg");
      expect(portrait).toMatch(/<img [^>]*srcset="\/media\/[0-9a-f]{32}-320\.jpg 320w, [^"]*-900\.jpg 900w"/);
      expect(portrait).toContain(`width="900" height="1050" alt="${alt}" ${loading}`);
    }
    const home = await (await page.request.get("/")).text();
    expect(slotElement(home, "hero")).toContain(`width="1200" height="800" alt="${heroAlt}" loading="eager" fetchpriority="high"`);

    // The browser: the same photos after hydration, loaded, and nothing logged, also on a reload.
    const errors = collectConsoleErrors(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.reload();
    await waitForHydration(page);
    const portrait = page.getByRole("img", { name: alt });
    await portrait.scrollIntoViewIfNeeded();
    await expect(portrait).toHaveAttribute("sizes", "(min-width: 416px) 384px, 100vw");
    await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const hero = page.getByRole("img", { name: heroAlt });
    await expect(hero).toBeVisible();
    await expect(page.locator('[data-media-slot="hero"] picture source[type="image/webp"]')).toHaveAttribute("srcset", /-320\.webp 320w/);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
    }
    expect(errors).toEqual([]);
  } finally {
    // Other tests expect the pages as built.
    await setSlot(page.request, session, "portrait", null);
    await setSlot(page.request, session, "hero", null);
  }
});

test("the chosen share image is every page's og:image, the default again without one", async ({ page }) => {
  const session = await signInViaApi(page);
  const alt = uniqueName("Deelafbeelding");
  const upload = await page.request.post("/api/admin/media", {
    headers: bearer(session),
    multipart: { alt, file: { name: "deel.jpg", mimeType: "image/jpeg", buffer: await photo(page, alt, 1200, 630) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const image = (await upload.json()) as { id: number; src: string };
  try {
    await setSlot(page.request, session, "share", image.id);
    for (const path of ["/", "/contact"]) {
      await page.goto(path);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`^https?://.*${image.src}$`));
      await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", new RegExp(`${image.src}$`));
      await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
    }
  } finally {
    await setSlot(page.request, session, "share", null);
  }
  await page.goto("/contact");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/images\/og-default\.png$/);
});
