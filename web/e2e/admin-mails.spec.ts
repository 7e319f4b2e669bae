import { expect, test } from "@playwright/test";
import { bearer, buyAndPay, createEvent, uniqueBuyer } from "./admin-commerce-helpers";
import { admin, signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";
import { addressedTo, expectNoAxeViolations, readMails } from "./helpers";

test("the coach edits the order confirmation, previews it, tests it and the next order's mail has it", async ({ page }) => {
  test.slow();
  const session = await signInViaApi(page);
  // The default text stays and one line is added, so orders of other tests running meanwhile read as before.
  const addition = uniqueName("Neem gerust een vriend mee");

  await page.goto("/admin/mails");
  await waitForAdminPage(page);
  await expect(page.getByRole("heading", { level: 1, name: "Mails" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Bestelling: tickets" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bestelling: tickets" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Terug naar standaardtekst" })).toBeDisabled();

  // An unknown placeholder is refused in the preview and on save, with the ones that exist.
  const body = page.getByLabel("Tekst");
  const original = await body.inputValue();
  await body.fill(`${original}\n\n{klantnaam}`);
  await expect(page.getByRole("alert").filter({ hasText: "{klantnaam} kennen we niet" })).toBeVisible();
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText(/\{klantnaam\} kennen we niet.*\{voornaam\}/).first()).toBeVisible();

  // The live preview fills in the sample values, and escapes nothing into markup.
  await body.fill(`${original}\n\n**${addition}**, {voornaam}!`);
  const frame = page.locator("iframe[title='Voorbeeld van de mail']");
  // Checked on the frame's document as given: the frame reloads on each change, and its content
  // can read as hidden while the old document unloads.
  await expect(frame).toHaveAttribute("srcdoc", new RegExp(`<p><strong>${addition}</strong>, Anna!</p>`));
  const preview = page.frameLocator("iframe[title='Voorbeeld van de mail']");
  await expect(preview.locator("strong", { hasText: addition })).toBeAttached();
  await expect(preview.getByRole("img", { name: "In Lumine" })).toBeAttached();
  await expect(page.getByTestId("mail-preview-subject")).toHaveText("Je tickets voor Vertelavond");
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }

  // A test to herself, with the sample values.
  await page.getByRole("button", { name: "Stuur een test naar mezelf" }).click();
  await expect(toast(page, "Testmail verstuurd")).toBeVisible();
  await expect
    .poll(() => readMails().filter((m) => addressedTo(m.text, admin.email) && m.text.includes(`${addition}, Anna!`)).length)
    .toBe(1);
  expect(readMails().find((m) => m.text.includes(`${addition}, Anna!`))!.text).toContain("[Test] Je tickets voor Vertelavond");

  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(toast(page, "Mailtekst bewaard")).toBeVisible();
  await expect(page.getByRole("button", { name: "Terug naar standaardtekst" })).toBeEnabled();

  // The next order's mail has it, filled in for the buyer.
  const event = await createEvent(page.request, session, { title: uniqueName("Vertelavond mailtekst") });
  const buyer = uniqueBuyer("Mira");
  await buyAndPay(page.request, { eventId: event.id, buyer });
  await expect
    .poll(() => readMails().find((m) => addressedTo(m.text, buyer.email))?.text ?? "")
    .toContain(`${addition}, Mira!`);
  const mail = readMails().find((m) => addressedTo(m.text, buyer.email))!.text;
  expect(mail).toContain(`<strong>${addition}</strong>, Mira!`);
  expect(mail).toContain(`Je tickets voor ${event.title}`);
  expect(mail).toContain("Ticket 1: ");

  // Back to the default text.
  await page.getByRole("button", { name: "Terug naar standaardtekst" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Standaardtekst terugzetten" }).click();
  await expect(toast(page, "De standaardtekst staat terug")).toBeVisible();
  await expect(body).toHaveValue(original);
  await expect(page.getByRole("button", { name: "Terug naar standaardtekst" })).toBeDisabled();
  const list = await page.request.get("/api/admin/mails", { headers: bearer(session) });
  const kinds = (await list.json()) as { kind: string; customised: boolean }[];
  expect(kinds.find((k) => k.kind === "order_tickets")?.customised).toBe(false);
});
