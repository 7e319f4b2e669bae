import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, readMails, uniqueEmail } from "./helpers";

function form(page: Page) {
  const button = page.getByRole("button", { name: /Abonneer|Bezig\.\.\./ });
  return {
    firstName: page.getByLabel("Voornaam"),
    email: page.getByLabel("E-mailadres"),
    button,
  };
}

async function mailTo(address: string) {
  let found: string | undefined;
  await expect
    .poll(() => {
      found = readMails().find((m) => m.text.includes(address))?.text;
      return Boolean(found);
    }, { timeout: 10_000 })
    .toBe(true);
  return found!;
}

test("a visitor subscribes: 'Bezig...', the success toast, cleared fields, and a confirmation e-mail", async ({ page }) => {
  const email = uniqueEmail("anna");
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/newsletter", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  const f = form(page);
  await f.firstName.fill("Anna");
  await f.email.fill(email);
  await f.button.click();
  await expect(f.button).toBeDisabled();
  await expect(f.button).toHaveText("Bezig...");
  release();

  await expect(page.getByText("Ingeschreven!", { exact: true })).toBeVisible();
  await expect(page.getByText("Je bent succesvol ingeschreven voor de nieuwsbrief.", { exact: true })).toBeVisible();
  // The toast itself is readable (contrast) and its close button is labelled in Dutch.
  await expect(page.getByRole("button", { name: "Melding sluiten" })).toBeAttached();
  await expect(page.locator("[data-sonner-toast]").first()).toHaveCSS("opacity", "1"); // faded in
  await expectNoAxeViolations(page);
  await expect(f.button).toHaveText("Abonneer");
  await expect(f.button).toBeEnabled();
  await expect(f.firstName).toHaveValue("");
  await expect(f.email).toHaveValue("");

  const mail = await mailTo(email);
  const confirm = mail.match(/https?:\/\/[^\s"<>]+\/nieuwsbrief\/bevestigen\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(confirm, "confirmation link in the e-mail").toBeTruthy();
  await page.goto(new URL(confirm!).pathname + new URL(confirm!).search);
  await expect(page.getByText(/Je inschrijving is bevestigd/)).toBeVisible();

  const unsubscribe = mail.match(/https?:\/\/[^\s"<>]+\/nieuwsbrief\/uitschrijven\?token=[A-Za-z0-9_-]+/)?.[0];
  expect(unsubscribe, "unsubscribe link in the e-mail").toBeTruthy();
  await page.goto(new URL(unsubscribe!).pathname + new URL(unsubscribe!).search);
  // Opening the link alone changes nothing: mail scanners follow links too.
  await expect(page.getByText(/Je bent uitgeschreven/)).toHaveCount(0);
  await page.getByRole("button", { name: "Uitschrijven" }).click();
  await expect(page.getByText(/Je bent uitgeschreven/)).toBeVisible();
});

test("signing up twice is a success both times", async ({ page }) => {
  const email = uniqueEmail("bram");
  await page.goto("/");
  const f = form(page);
  for (const address of [email, email.toUpperCase()]) {
    await f.firstName.fill("Bram");
    await f.email.fill(address);
    await f.button.click();
    await expect(page.getByText("Ingeschreven!", { exact: true }).first()).toBeVisible();
    await expect(f.email).toHaveValue("");
  }
});

test("the browser checks the fields before anything is sent", async ({ page }) => {
  let sent = false;
  await page.route("**/api/newsletter", (route) => {
    sent = true;
    return route.continue();
  });
  await page.goto("/");
  const f = form(page);
  await expect(f.firstName).toHaveAttribute("required", "");
  await expect(f.email).toHaveAttribute("required", "");
  await expect(f.email).toHaveAttribute("type", "email");
  await f.firstName.fill("Carla");
  await f.email.fill("geen-adres");
  await f.button.click();
  expect(await f.email.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
  expect(sent).toBe(false);
});

test("a refusal by the server shows its Dutch message and keeps the fields", async ({ page }) => {
  await page.goto("/");
  const f = form(page);
  await f.firstName.fill("Dirk");
  // The browser accepts an address without a dot in the domain; the server does not.
  await f.email.fill("dirk@localhost");
  await f.button.click();
  await expect(page.getByText("Er is iets misgegaan", { exact: true })).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").getByText("Vul een geldig e-mailadres in.")).toBeVisible();
  await expect(page.locator("[data-sonner-toast]").first()).toHaveCSS("opacity", "1"); // faded in
  // The message also stands next to the field, which is marked invalid.
  await expect(f.email).toHaveAccessibleDescription("Vul een geldig e-mailadres in.");
  await expectNoAxeViolations(page);
  await expect(f.firstName).toHaveValue("Dirk");
  await expect(f.email).toHaveValue("dirk@localhost");
  await expect(f.button).toHaveText("Abonneer");
});

test("a network failure says 'Probeer het later opnieuw.'", async ({ page }) => {
  await page.route("**/api/newsletter", (route) => route.abort("failed"));
  await page.goto("/");
  const f = form(page);
  await f.firstName.fill("Eva");
  await f.email.fill(uniqueEmail("eva"));
  await f.button.click();
  await expect(page.getByText("Er is iets misgegaan", { exact: true })).toBeVisible();
  await expect(page.getByText("Probeer het later opnieuw.", { exact: true })).toBeVisible();
  await expect(f.firstName).toHaveValue("Eva");
});

test("a confirmation link that is not valid says so", async ({ page }) => {
  await page.goto("/nieuwsbrief/bevestigen?token=ongeldig-token-123");
  await expect(page.getByText(/ongeldig/i).first()).toBeVisible();
});
