import { expect, test, type Page } from "@playwright/test";
import { bearer, createEvent } from "./admin-commerce-helpers";
import { signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./helpers";

/** A JPEG made by the browser's canvas, with `label` drawn in so every run's photo is new. */
async function photo(page: Page, label: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (text) => {
    const canvas = document.createElement("canvas");
    canvas.width = 900;
    canvas.height = 600;
    const g = canvas.getContext("2d")!;
    const gradient = g.createLinearGradient(0, 0, 900, 600);
    gradient.addColorStop(0, "#c49a3a");
    gradient.addColorStop(1, "#1f6f6a");
    g.fillStyle = gradient;
    g.fillRect(0, 0, 900, 600);
    g.fillStyle = "#fff";
    g.font = "48px sans-serif";
    g.fillText(text, 40, 300);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  }, label);
  return Buffer.from(base64, "base64");
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

test("an event's photo from the library shows on the public page, responsive and lazy", async ({ page }) => {
  const session = await signInViaApi(page);
  const alt = uniqueName("Kaarsen op een tafel");
  const upload = await page.request.post("/api/admin/media", {
    headers: bearer(session),
    multipart: { alt, file: { name: "kaarsen.jpg", mimeType: "image/jpeg", buffer: await photo(page, alt) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const image = (await upload.json()) as { id: number };
  const title = uniqueName("Webinar met foto");
  const event = await createEvent(page.request, session, { kind: "webinar", title, priceCents: 0, days: 20 });

  // The coach picks the photo in the event's form.
  await page.goto("/admin/tickets");
  await waitForAdminPage(page);
  await page.getByLabel("Soort").selectOption("webinar");
  const row = page.getByRole("row").filter({ hasText: title });
  await row.getByRole("button", { name: /Bewerken/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Foto van de activiteit").selectOption({ label: alt });
  await dialog.getByRole("button", { name: /opslaan/i }).click();
  await expect(toast(page, "Datum opgeslagen")).toBeVisible();
  const saved = await page.request.get(`/api/admin/events?kind=webinar&q=${encodeURIComponent(title)}`, { headers: bearer(session) });
  expect(((await saved.json()) as { items: { id: number; image_id: number | null }[] }).items).toEqual([
    expect.objectContaining({ id: event.id, image_id: image.id }),
  ]);

  await page.goto("/transformeer/webinar-reeks");
  // The dates load as the visitor reads down to them (their island hydrates near the view).
  await page.getByRole("region", { name: "Komende webinars" }).scrollIntoViewIfNeeded();
  const card = page.getByRole("listitem").filter({ hasText: title });
  const img = card.getByRole("img", { name: alt });
  await expect(img).toHaveAttribute("srcset", /-320\.jpg 320w/);
  await expect(img).toHaveAttribute("sizes", "(min-width: 768px) 50vw, 100vw");
  await expect(img).toHaveAttribute("width", "900");
  await expect(img).toHaveAttribute("height", "600");
  await expect(img).toHaveAttribute("loading", "lazy");
});

test("the coach uploads a photo with alt text, uses it as a review avatar, and cannot delete it while in use", async ({ page }) => {
  const alt = uniqueName("Anna lacht in de tuin");
  const name = uniqueName("Anna");

  await page.goto("/admin/media");
  await waitForAdminPage(page);
  const fileInput = page.getByLabel("Foto", { exact: true });

  // Content decides, not the name: text called .jpg is refused in Dutch, nothing is added.
  await fileInput.setInputFiles({ name: "notitie.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Dit is geen foto.") });
  await page.getByLabel("Alt-tekst").fill(alt);
  await page.getByRole("button", { name: "Foto opladen" }).click();
  await expect(page.getByRole("alert")).toHaveText("Dit bestand is geen foto. Kies een foto in JPEG, PNG of WebP.");
  await expect(fileInput).toHaveAttribute("aria-invalid", "true");

  await fileInput.setInputFiles({ name: "anna.jpg", mimeType: "image/jpeg", buffer: await photo(page, alt) });
  await page.getByRole("button", { name: "Foto opladen" }).click();
  await expect(toast(page, "Foto opgeladen")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: alt });
  await expect(row).toContainText("900 × 600 px");

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }

  // Pick it as a review's avatar.
  await page.goto("/admin/reviews");
  await waitForAdminPage(page);
  await page.getByRole("button", { name: "Nieuwe review" }).click();
  const dialog = page.getByRole("dialog", { name: "Nieuwe review" });
  await dialog.getByLabel("Naam").fill(name);
  await dialog.getByLabel("Tekst").fill("Warm en eerlijk, met een foto.");
  await dialog.getByLabel("Foto uit de mediabibliotheek").selectOption({ label: alt });
  await expect(dialog.getByRole("img", { name: `Gekozen foto: ${alt}` })).toBeVisible();
  await dialog.getByRole("button", { name: "Review toevoegen" }).click();
  await expect(toast(page, "Review toegevoegd")).toBeVisible();

  // The public page: a responsive image with its size and alt text, WebP first.
  await page.goto("/");
  const card = page.getByRole("list", { name: "Ervaringen van klanten" }).getByRole("listitem").filter({ hasText: name });
  const img = card.getByRole("img", { name: alt });
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute("srcset", /\/media\/[0-9a-f]{32}-320\.jpg 320w, .*-900\.jpg 900w$/);
  await expect(img).toHaveAttribute("width", "900");
  await expect(img).toHaveAttribute("height", "600");
  await expect(img).toHaveAttribute("sizes", "44px");
  await expect(img).toHaveAttribute("loading", "lazy");
  await expect(card.locator('picture source[type="image/webp"]')).toHaveAttribute("srcset", /-320\.webp 320w/);
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);

  // In use: deleting is refused, and the message says where.
  await page.goto("/admin/media");
  await waitForAdminPage(page);
  await page.getByRole("row").filter({ hasText: alt }).getByRole("button", { name: /Verwijderen/ }).click();
  await page.getByRole("alertdialog", { name: "Foto verwijderen?" }).getByRole("button", { name: "Verwijderen" }).click();
  await expect(toast(page, "Verwijderen lukte niet")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: alt })).toContainText(`de review van ${name}`);
  await expect(page.getByRole("region", { name: /Meldingen/ })).toContainText(`de review van ${name}`);
  await expect(page.getByRole("row").filter({ hasText: alt })).toHaveCount(1);
});
