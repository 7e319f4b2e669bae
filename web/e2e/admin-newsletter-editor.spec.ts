// Issue 22 items 6 and 7: importing subscribers from a CSV, the newsletter editor that sends what
// is on screen, the archive pages without the app's scripts, and the checklist in plain Dutch.
// Shared server: only new, uniquely named subscribers and drafts are made; nothing is sent to all.
import { expect, test, type Page } from "@playwright/test";
import { admin, signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";
import { addressedTo, expectNoAxeViolations, readMails, uniqueEmail } from "./helpers";

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(0);
}

for (const width of [390, 1280]) {
  test(`the coach imports subscribers from a Belgian Excel CSV at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const [anna, jan] = [uniqueEmail("import-anna"), uniqueEmail("import-jan")];
    // As Belgian Excel saves it: a BOM, `;`, CRLF and Belgian dates; one bad address, one twice.
    const csv =
      "\ufeffNaam;E-mail;Datum toestemming;Bron\r\n" +
      `Anna Peeters;${anna};3/4/2022;Vorige nieuwsbrief\r\n` +
      "Piet;piet(at)example.be;3/4/2022;Beurs\r\n" +
      `Jan;${jan};;Beurs\r\n` +
      `Anna;${anna.toUpperCase()};;\r\n`;

    await signInViaApi(page);
    await page.goto("/admin/nieuwsbrief");
    await waitForAdminPage(page);
    await page.getByRole("button", { name: "CSV importeren" }).click();
    const dialog = page.getByRole("dialog", { name: "Abonnees importeren" });
    await expect(dialog).toBeVisible();
    // Nothing goes without a file, a basis and the tick.
    await dialog.getByRole("button", { name: "Importeren" }).click();
    await expect(dialog.getByText("Kies het CSV-bestand met je abonnees.")).toBeVisible();
    await expect(dialog.getByText("Kies waarom je deze mensen mag mailen.")).toBeVisible();
    await expect(dialog.getByText("Bevestig dat iedereen in het bestand hiermee akkoord ging.")).toBeVisible();
    await expectNoAxeViolations(page);
    await noSidewaysScroll(page);

    await dialog.getByLabel("CSV-bestand").setInputFiles({ name: "abonnees.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
    await dialog.getByLabel(/Ze gaven toestemming/).check();
    await dialog.getByLabel(/Ik bevestig dat iedereen in dit bestand/).check();
    await dialog.getByRole("button", { name: "Importeren" }).click();
    await expect(dialog.getByText("van de 4 regels zijn toegevoegd")).toBeVisible();
    await expect(dialog.getByRole("status")).toContainText("2 van de 4 regels");
    await expect(dialog.getByText("Regel 3")).toBeVisible();
    await expect(dialog.getByText("‘piet(at)example.be’ is geen geldig e-mailadres.")).toBeVisible();
    await expect(dialog.getByText("Dit adres staat al op regel 2 van het bestand.")).toBeVisible();
    await expect(toast(page, "Import klaar")).toBeVisible();
    await expectNoAxeViolations(page);
    await noSidewaysScroll(page);
    await dialog.getByRole("button", { name: "Sluiten", exact: true }).last().click();

    // In the list, confirmed and marked as imported; nobody got an opt-in mail.
    await page.getByLabel("Zoeken op naam of e-mailadres").fill(anna);
    const row = page.getByRole("row").filter({ hasText: anna });
    await expect(row).toContainText("Bevestigd");
    await expect(row).toContainText("Geïmporteerd op");
    await noSidewaysScroll(page);
    expect(readMails().filter((m) => addressedTo(m.text, anna) || addressedTo(m.text, jan))).toHaveLength(0);

    // And in Personen.
    await page.goto(`/admin/personen?q=${encodeURIComponent(jan)}`);
    await waitForAdminPage(page);
    await expect(page.getByText(jan).first()).toBeVisible();
  });
}

test("test and send use what is on screen, the dialog says to how many, and a reload keeps the draft", async ({ page }) => {
  test.slow();
  const subject = uniqueName("Op het scherm");
  await signInViaApi(page);
  await page.goto("/admin/nieuwsbrief?tab=nieuwsbrieven");
  await waitForAdminPage(page);
  await page.getByRole("button", { name: "Nieuwe nieuwsbrief" }).click();
  await expect(page).toHaveURL(/id=nieuw/);
  await page.getByLabel("Onderwerp").fill(subject);
  await page.getByRole("button", { name: "Concept bewaren" }).click();
  await expect(toast(page, "Nieuwsbrief bewaard")).toBeVisible();
  await expect(page).toHaveURL(/tab=nieuwsbrieven&id=\d+/);

  // Changed on screen, not saved: the test mail carries the change.
  const changed = `${subject} (aangepast)`;
  await page.getByLabel("Onderwerp").fill(changed);
  await page.getByLabel("Tekst").fill("## Wat je ziet\n\n- is wat vertrekt\n");
  await expect(page.getByText("Niet bewaarde wijzigingen")).toBeVisible();
  await page.getByRole("button", { name: "Testmail naar mezelf" }).click();
  await expect(toast(page, "Testmail verstuurd")).toBeVisible();
  await expect(page.getByText("Alles bewaard")).toBeVisible();
  await expect
    .poll(() => readMails().filter((m) => addressedTo(m.text, admin.email) && m.text.includes(`[Test] ${changed}`)).length)
    .toBe(1);

  // The send dialog names the audience and its size (from the server); cancelling sends nothing.
  await page.getByLabel("Tekst").fill("## Wat je ziet\n\n- is wat vertrekt\n- ook na een wijziging\n");
  await page.getByRole("button", { name: "Nu versturen" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Nieuwsbrief nu versturen?" });
  await expect(dialog).toContainText("Publiek: Alle abonnees met een bevestigde inschrijving");
  await expect(dialog.getByRole("button", { name: /^Ja, naar \d+ (mensen|persoon)$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Annuleren" }).click();

  // A reload keeps the open newsletter, as saved before the dialog.
  await page.reload();
  await waitForAdminPage(page);
  await expect(page.getByLabel("Onderwerp")).toHaveValue(changed);
  await expect(page.getByLabel("Tekst")).toHaveValue(/ook na een wijziging/);
  await expect(page.getByRole("heading", { name: "Verzending" })).toHaveCount(0);
});

/** A JPEG drawn by the browser, with `label` in it so every run's photo is new. */
async function photo(page: Page, label: string): Promise<Buffer> {
  const base64 = await page.evaluate(async (text) => {
    const canvas = document.createElement("canvas");
    canvas.width = 600;
    canvas.height = 400;
    const g = canvas.getContext("2d")!;
    g.fillStyle = "#1f6f6a";
    g.fillRect(0, 0, 600, 400);
    g.fillStyle = "#fff";
    g.font = "32px sans-serif";
    g.fillText(text, 20, 200);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  }, label);
  return Buffer.from(base64, "base64");
}

for (const width of [390, 1280]) {
  test(`the photo picker puts a library photo where the cursor is, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const session = await signInViaApi(page);
    const alt = uniqueName("Zonsopgang aan zee");
    const upload = await page.request.post("/api/admin/media", {
      headers: { Authorization: `Bearer ${session.access_token}` },
      multipart: { alt, file: { name: "zee.jpg", mimeType: "image/jpeg", buffer: await photo(page, alt) } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    await page.goto("/admin/nieuwsbrief?tab=nieuwsbrieven&id=nieuw");
    await waitForAdminPage(page);
    await page.getByLabel("Tekst").fill("Eerste alinea.");
    await page.getByRole("button", { name: "Foto invoegen" }).click();
    const dialog = page.getByRole("dialog", { name: "Foto invoegen" });
    await expect(dialog.getByRole("button", { name: alt })).toBeVisible();
    await expectNoAxeViolations(page);
    await noSidewaysScroll(page);
    await dialog.getByRole("button", { name: alt }).click();
    await expect(dialog).toBeHidden();
    const escaped = alt.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await expect(page.getByLabel("Tekst")).toHaveValue(new RegExp(`^Eerste alinea\\.\\n\\n!\\[${escaped}\\]\\(/media/[^)]+\\.jpg\\)\\n$`));
    const preview = page.frameLocator("iframe[title^='Voorbeeld van de nieuwsbrief']");
    await expect(preview.getByRole("img", { name: alt })).toBeVisible();
    await noSidewaysScroll(page);
  });
}

test("the archive is linked from the footer and the newsletter block, and its menu works at 390 px without scripts", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Nieuwsbrief-archief" });
  await expect(footerLink).toHaveAttribute("href", "/nieuwsbrief/archief");
  await expect(page.locator("#nieuwsbrief").getByRole("link", { name: "nieuwsbrief-archief" })).toHaveAttribute("href", "/nieuwsbrief/archief");

  await page.goto("/nieuwsbrief/archief");
  await expect(page.getByRole("heading", { level: 1, name: "Nieuwsbrief-archief" })).toBeVisible();
  expect(await page.locator("script[src], script[type=module]").count()).toBe(0);
  const menu = page.getByRole("navigation", { name: "Mobiel menu" });
  await expect(menu).toBeHidden();
  await page.locator("summary", { hasText: "Menu openen" }).click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Over mij" }).first()).toBeVisible();
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await menu.getByRole("link", { name: "Over mij" }).first().click();
  await expect(page).toHaveURL(/\/over-mij$/);

  // Empty or not, there is a way to subscribe: the form here, or the archive's newsletters.
  await page.goto("/nieuwsbrief/archief");
  const form = page.getByRole("form", { name: "Inschrijven op de nieuwsbrief" });
  if ((await page.locator(".nb-list li").count()) === 0) {
    await expect(form).toBeVisible();
    await expect(page.getByText("Schrijf je in onderaan de pagina")).toHaveCount(0);
    await noSidewaysScroll(page);
  }
});

test("the go-live checklist says in plain Dutch what an open server line means and what to ask", async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await signInViaApi(page);
    await page.goto("/admin/dashboard");
    await waitForAdminPage(page);
    const checklist = page.locator("#go-live");
    await expect(checklist).toContainText("Bezoekers kunnen nog niet echt betalen");
    // What she reads says what to do; only the question for her host (folded away) names settings.
    await expect(checklist.locator("p:visible", { hasText: "README" })).toHaveCount(0);
    await expect(checklist.getByRole("link", { name: /Mollie: een account aanmaken/ })).toHaveAttribute("href", "https://www.mollie.com/be");
    const ask = checklist.locator("summary", { hasText: "Wat je kunt vragen aan wie je website beheert" }).first();
    await ask.click();
    await expect(checklist.getByText(/^Wil je de echte betalingen op mijn website aanzetten\?/)).toBeVisible();
    await noSidewaysScroll(page);
    await expectNoAxeViolations(page);
  }
});
