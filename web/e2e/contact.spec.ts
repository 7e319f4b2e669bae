import { expect, test } from "@playwright/test";
import { signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";
import { addressedTo, expectNoAxeViolations, readMails, uniqueEmail } from "./helpers";

test("a visitor sends a message and the coach reads and archives it in /admin/berichten", async ({ page }) => {
  test.slow(); // many steps, two pages and e-mail polling on a shared machine
  const name = uniqueName("Contact");
  const email = uniqueEmail("contact");
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contactformulier" });
  // The honeypot is out of reach for people.
  await expect(form.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");
  await form.getByLabel("Naam").fill(name);
  await form.getByLabel("E-mailadres").fill(email);
  await form.getByLabel("Onderwerp").selectOption({ label: "Vraag over coaching" });
  await form.getByLabel("Je bericht").fill("Dag Lien, hoe verloopt een eerste gesprek?");
  await form.getByLabel(/Ik ga akkoord/).check();
  // Checked before the toast appears: the hidden honeypot must not count as a violation.
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Verstuur bericht" }).click();
  await expect(page.getByText("Bericht verstuurd!", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Naam")).toHaveValue("");
  await expect
    .poll(
      () => readMails().some((m) => addressedTo(m.text, email) && m.text.includes("Bedankt voor je bericht")),
      {
        timeout: 10_000,
      },
    )
    .toBe(true);

  await signInViaApi(page);
  await page.goto("/admin/berichten");
  await waitForAdminPage(page);
  const item = page.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("Ongelezen");
  await expect(item).toContainText("Vraag over coaching");
  await item.getByRole("button", { name: /Lezen/ }).click();
  const dialog = page.getByRole("dialog", { name: `Bericht van ${name}` });
  await expect(dialog).toContainText("hoe verloopt een eerste gesprek?");
  await expect(dialog.getByRole("link", { name: "Beantwoorden per e-mail" })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${email}`),
  );
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Archiveren" }).click();
  await expect(toast(page, "Bericht gearchiveerd")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
  await page.getByRole("tab", { name: "Archief" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toContainText("Gearchiveerd");
});

test("a message that is too long is refused with the server's Dutch message and kept", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contactformulier" });
  await form.getByLabel("Naam").fill("Dirk");
  // The browser accepts an address without a dot in the domain; the server does not.
  await form.getByLabel("E-mailadres").fill("dirk@localhost");
  await form.getByLabel("Onderwerp").selectOption({ label: "Iets anders" });
  await form.getByLabel("Je bericht").fill("Hallo!");
  await form.getByLabel(/Ik ga akkoord/).check();
  await form.getByRole("button", { name: "Verstuur bericht" }).click();
  await expect(page.getByText("Er is iets misgegaan", { exact: true })).toBeVisible();
  await expect(toast(page, "Vul een geldig e-mailadres in.")).toBeVisible();
  // The message also stands next to the field, which is marked invalid and has the focus.
  await expect(form.getByLabel("E-mailadres")).toHaveAccessibleDescription("Vul een geldig e-mailadres in.");
  await expect(form.getByLabel("E-mailadres")).toBeFocused();
  await expect(form.getByLabel("Je bericht")).toHaveValue("Hallo!");
});
