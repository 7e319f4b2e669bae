import { expect, test } from "@playwright/test";
import { admin, signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";
import { addressedTo, expectNoAxeViolations, readMails, uniqueEmail } from "./helpers";

/** A reader who signed up and clicked the confirmation link. */
async function confirmedReader(page: import("@playwright/test").Page): Promise<string> {
  const email = uniqueEmail("lezer");
  const signup = await page.request.post("/api/newsletter", { data: { firstName: "Lezer", email } });
  expect(signup.status()).toBe(200);
  let token = "";
  await expect
    .poll(() => {
      const mail = readMails().find((m) => addressedTo(m.text, email));
      token = mail?.text.match(/nieuwsbrief\/bevestigen\?token=([A-Za-z0-9_-]+)/)?.[1] ?? "";
      return token;
    })
    .not.toBe("");
  const confirm = await page.request.post("/api/newsletter/confirm", { data: { token } });
  expect(confirm.status()).toBe(200);
  return email;
}

test("the coach writes a newsletter, tests it, sends it, follows the progress and publishes it", async ({ page }) => {
  test.slow();
  const reader = await confirmedReader(page);
  const subject = uniqueName("Nieuws uit het licht");

  await signInViaApi(page);
  await page.goto("/admin/nieuwsbrief?tab=nieuwsbrieven");
  await waitForAdminPage(page);
  await expect(page.getByRole("tab", { name: "Nieuwsbrieven" })).toHaveAttribute("aria-selected", "true");
  await expectNoAxeViolations(page);

  // Write: the preview is the server's rendering of the mail, at desktop and phone width.
  await page.getByRole("button", { name: "Nieuwe nieuwsbrief" }).click();
  await page.getByLabel("Onderwerp").fill(subject);
  await page.getByLabel("Voorregel (optioneel)").fill("Een avond vol verhalen");
  await page.getByLabel("Tekst").fill("## Een warme groet\n\nKom naar de [vertelavond](https://www.inlumine.be/vertelavond).\n\n- een verhaal\n- een stilte\n");
  const preview = page.frameLocator("iframe[title^='Voorbeeld van de nieuwsbrief']");
  await expect(preview.getByRole("heading", { name: "Een warme groet" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "vertelavond" })).toHaveAttribute("href", "https://www.inlumine.be/vertelavond");
  await page.getByRole("button", { name: "Telefoon" }).click();
  await expect(page.getByRole("button", { name: "Telefoon" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("iframe[title='Voorbeeld van de nieuwsbrief op een telefoon']")).toHaveCSS("width", "375px");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Concept bewaren" }).click();
  // Saving takes SQLite's one write lock, which other specs' writes may hold for a while on a loaded
  // machine; the status line stays (the toast leaves after 4 s), so wait on it first.
  await expect(page.getByText("Alles bewaard", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(toast(page, "Nieuwsbrief bewaard")).toBeVisible();

  // A test to herself.
  await page.getByRole("button", { name: "Testmail naar mezelf" }).click();
  await expect(toast(page, "Testmail verstuurd")).toBeVisible();
  await expect
    .poll(() => readMails().filter((m) => addressedTo(m.text, admin.email) && m.text.includes(`[Test] ${subject}`)).length)
    .toBe(1);

  // Send: the progress reaches 100 % and the reader has the mail with its one-click headers.
  await page.getByRole("button", { name: "Nu versturen" }).click();
  // The dialog names the audience and how many people it holds, as the server counts them.
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Publiek: Alle abonnees met een bevestigde inschrijving");
  await dialog.getByRole("button", { name: /^Ja, naar \d+ (mensen|persoon)$/ }).click();
  await expect(page.getByRole("heading", { name: "Verzending" })).toBeVisible();
  await expect(page.getByText(/verwerkt \(100 %\)/).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Verstuurd", { exact: true }).first()).toBeVisible();
  await expect(page.locator("progress#campaign-progress")).toBeVisible();
  // The sent view shows the body as the mail does: heading sizes and bullets.
  const sent = page.frameLocator("iframe[title^='Inhoud, zoals de mail van de nieuwsbrief']");
  await expect(sent.getByRole("heading", { level: 2, name: "Een warme groet" })).toBeVisible();
  await expect(sent.getByRole("listitem").filter({ hasText: "een stilte" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect
    .poll(() => readMails().find((m) => addressedTo(m.text, reader) && m.text.includes(subject))?.text ?? "")
    .toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

  // The archive in the admin list shows the figures.
  await page.getByRole("button", { name: "Alle nieuwsbrieven" }).click();
  await page.getByLabel("Zoeken op onderwerp").fill(subject);
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText("Verstuurd");
  await expect(row).toContainText(/\d+ van \d+/);
  await row.getByRole("button", { name: /Openen/ }).click();

  // Publish on the public archive and read it there, without JavaScript needed.
  await page.getByRole("button", { name: "Publiceren in het archief" }).click();
  await expect(toast(page, "Gepubliceerd in het archief.")).toBeVisible();
  const link = page.getByRole("link", { name: "Bekijk in het archief" });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/nieuwsbrief\/archief\/nieuws-uit-het-licht/);
  await page.goto(href!);
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Een warme groet" })).toBeVisible();
  await expect(page).toHaveTitle(`${subject} | In Lumine`);
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", new RegExp(`/nieuwsbrief/archief/`));
  await expectNoAxeViolations(page);
  await page.goto("/nieuwsbrief/archief");
  await expect(page.getByRole("heading", { level: 1, name: "Nieuwsbrief-archief" })).toBeVisible();
  await expect(page.getByRole("link", { name: subject })).toHaveAttribute("href", href!);
  await expectNoAxeViolations(page);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/nieuwsbrief/archief/${href!.split("/").pop()}`);
});

test("the newsletters tab and the editor work at phone width without axe violations", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page);
  await page.goto("/admin/nieuwsbrief");
  await waitForAdminPage(page);
  await page.getByRole("tab", { name: "Nieuwsbrieven" }).click();
  await expect(page).toHaveURL(/tab=nieuwsbrieven/);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Nieuwe nieuwsbrief" }).click();
  // A new newsletter starts from an example the preview shows.
  const preview = page.frameLocator("iframe[title^='Voorbeeld van de nieuwsbrief']");
  await expect(preview.getByRole("heading", { name: "Een warme groet" })).toBeVisible();
  await page.getByRole("button", { name: "Telefoon" }).click();
  await expect(page.locator("iframe[title='Voorbeeld van de nieuwsbrief op een telefoon']")).toBeVisible();
  await expectNoAxeViolations(page);
  // The checks land next to their fields.
  await page.getByRole("button", { name: "Concept bewaren" }).click();
  await expect(page.getByLabel("Onderwerp")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Geef de nieuwsbrief een onderwerp.")).toBeVisible();
});
