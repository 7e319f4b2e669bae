import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { buyAndPay, createEvent, uniqueBuyer } from "./admin-commerce-helpers";
import { signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./helpers";

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: button }).click();
  const file = await downloading;
  expect(file.url()).toMatch(/^blob:/);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), "utf8") };
}

test("the coach finds a person, sees her timeline, downloads it and erases her", async ({ page }) => {
  test.slow();
  const session = await signInViaApi(page);
  const buyer = uniqueBuyer("Roos");
  const fullName = `${buyer.first_name} ${buyer.last_name}`;
  const message = `Mag ik iets vragen over de vertelavond? ${uniqueName("vraag")}`;

  // She signs up, buys a ticket, writes a message and registers for a free webinar.
  const signup = await page.request.post("/api/newsletter", { data: { firstName: buyer.first_name, email: buyer.email } });
  expect(signup.ok(), await signup.text()).toBe(true);
  const evening = await createEvent(page.request, session, { title: uniqueName("Vertelavond personen"), capacity: 5 });
  await buyAndPay(page.request, { eventId: evening.id, buyer });
  const contact = await page.request.post("/api/contact", {
    data: { name: fullName, email: buyer.email, phone: null, subject: "coaching", message, privacy_consent: true, website: "" },
  });
  expect(contact.ok(), await contact.text()).toBe(true);
  const webinar = await createEvent(page.request, session, { kind: "webinar", title: uniqueName("Webinar personen"), priceCents: 0 });
  const registered = await page.request.post(`/api/webinars/${webinar.id}/registrations`, { data: { name: fullName, email: buyer.email } });
  expect(registered.ok(), await registered.text()).toBe(true);

  // Search by her last name: one person, however many records.
  await page.goto("/admin/personen");
  await waitForAdminPage(page);
  await page.getByLabel("Zoeken op naam of e-mailadres").fill(buyer.last_name);
  await expect(page.getByText("1 persoon", { exact: false })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: buyer.email });
  await expect(row).toContainText(buyer.last_name);
  await row.getByRole("button", { name: /^Bekijken/ }).click();

  // Her timeline, newest first, every kind with a link to its admin page.
  const person = page.getByRole("region", { name: `Gegevens van ${buyer.email}` });
  const timeline = person.getByRole("list", { name: `Tijdlijn van ${buyer.email}` });
  await expect(timeline.getByRole("listitem").first()).toBeVisible();
  for (const text of ["Inschrijving op de nieuwsbrief", "Ticket vertelavond", "Bericht: Vraag over coaching", "Inschrijving voor een webinar"]) {
    await expect(timeline.getByText(text).first()).toBeVisible();
  }
  await expect(person.getByRole("link", { name: /^Openen in het beheer \(Bestelling:/ })).toHaveAttribute(
    "href",
    /\/admin\/orders\?bestelling=\d+/,
  );
  await expect(page).toHaveURL(/email=/);
  await expectNoAxeViolations(page);

  // The export for an access request: JSON with every record, and a readable page.
  const json = await download(page, "Download JSON");
  expect(json.name).toMatch(/^gegevens-.*\.json$/);
  const exported = JSON.parse(json.text) as { records: Record<string, unknown[]> };
  for (const kind of ["subscriber", "order", "ticket", "webinar_registration", "contact_message", "email"]) {
    expect(exported.records[kind]?.length, kind).toBeGreaterThan(0);
  }
  await expect(toast(page, "Export gedownload")).toBeVisible();
  const html = await download(page, "Download leesbare versie");
  expect(html.name).toMatch(/\.html$/);
  expect(html.text).toContain(`Gegevens over ${buyer.email}`);
  expect(html.text).toContain(message);

  // Erase: the address must be typed again.
  await person.getByRole("button", { name: "Gegevens wissen" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Gegevens wissen" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  const confirmation = dialog.getByLabel("Typ het e-mailadres om te bevestigen");
  await confirmation.fill("iemand@voorbeeld.be");
  await expect(dialog.getByRole("button", { name: "Definitief wissen" })).toHaveAttribute("aria-disabled", "true");
  await confirmation.press("Enter");
  await expect(dialog.getByText("Typ ter bevestiging precies hetzelfde e-mailadres.")).toBeVisible();
  await expect(confirmation).toHaveAttribute("aria-invalid", "true");
  await confirmation.fill(buyer.email.toUpperCase());
  await dialog.getByRole("button", { name: "Definitief wissen" }).click();
  await expect(toast(page, "Gegevens gewist")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(person).toBeHidden();

  // She is gone from the search; the record of the erasure stays, without her.
  await expect(page.getByText("Niemand gevonden met deze zoekopdracht.")).toBeVisible();
  const erasures = page.getByRole("region", { name: "Gewiste personen" });
  await expect(erasures).toContainText("1 betaalde bestelling geanonimiseerd");
  await expect(erasures).not.toContainText(buyer.email);
  // The paid ticket kept its seat.
  const tickets = await page.request.get(`/api/admin/events/${evening.id}/tickets`, {
    headers: { Authorization: `Bearer ${session.access_token}` },
  });
  const items = ((await tickets.json()) as { items: { holder_name: string; status: string }[] }).items;
  expect(items.map((t) => [t.holder_name, t.status])).toEqual([["Gewist", "valid"]]);
});

test("a subscriber is deleted from the newsletter list after a confirmation", async ({ page }) => {
  const email = `weg.${Date.now()}@voorbeeld.be`;
  const signup = await page.request.post("/api/newsletter", { data: { firstName: "Weg", email } });
  expect(signup.ok()).toBe(true);
  await signInViaApi(page);
  await page.goto(`/admin/nieuwsbrief?q=${encodeURIComponent(email)}`);
  await waitForAdminPage(page);
  await expect(page.getByLabel("Zoeken op naam of e-mailadres")).toHaveValue(email);
  const row = page.getByRole("row").filter({ hasText: email });
  await row.getByRole("button", { name: /^Verwijderen/ }).click();
  const dialog = page.getByRole("alertdialog", { name: "Abonnee verwijderen?" });
  await expect(dialog).toContainText(email);
  await dialog.getByRole("button", { name: "Verwijderen" }).click();
  await expect(toast(page, "Abonnee verwijderd")).toBeVisible();
  await expect(page.getByText("Niemand gevonden met deze zoekopdracht.")).toBeVisible();
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`the people page has no axe violations at ${viewport.width}px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signInViaApi(page);
    const email = `axe.${Date.now()}@voorbeeld.be`;
    const signup = await page.request.post("/api/newsletter", { data: { firstName: "Axe", email } });
    expect(signup.ok()).toBe(true);
    await page.goto("/admin/personen");
    await waitForAdminPage(page);
    await expect(page.getByRole("heading", { level: 1, name: "Personen" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Gewiste personen" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/admin/personen?email=${encodeURIComponent(email)}`);
    await waitForAdminPage(page);
    await expect(page.getByRole("list", { name: `Tijdlijn van ${email}` })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
