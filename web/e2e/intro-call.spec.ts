import { expect, test, type Page } from "@playwright/test";
import { signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";
import { addressedTo, expectNoAxeViolations, readMails, readThrough, uniqueEmail } from "./helpers";

async function mailTo(address: string, subject: RegExp) {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = readMails().find((m) => addressedTo(m.text, address) && subject.test(m.text))?.text;
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

async function freeSlots(page: Page): Promise<string[]> {
  const response = await page.request.get("/api/intro-calls/slots");
  const body = (await response.json()) as { days: { slots: { starts_at: string }[] }[] };
  return body.days.flatMap((d) => d.slots.map((s) => s.starts_at));
}

function bookingForm(page: Page) {
  return page.getByRole("form", { name: "Kennismakingsgesprek boeken" });
}

test.describe.configure({ mode: "serial" });

test("a visitor books an intro call with the keyboard, gets the invite, and cancels it by the link", async ({
  page,
}) => {
  test.slow(); // many steps, two pages and e-mail polling on a shared machine
  const name = uniqueName("Kennismaking");
  const email = uniqueEmail("kennismaking");
  await page.goto("/gratis-kennismakingsgesprek");
  await readThrough(page); // the booking form loads its free moments as the visitor reaches it
  const form = bookingForm(page);

  // The slot is picked with the keyboard only: Space picks a day, Tab goes to its hours.
  const firstDay = form.getByRole("group", { name: "1. Kies een dag" }).getByRole("radio").first();
  await firstDay.focus();
  await page.keyboard.press("Space");
  await expect(firstDay).toBeChecked();
  const hours = form.getByRole("group", { name: /^2\. Kies een uur op / });
  await expect(hours).toBeVisible();
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowRight");
  const hour = hours.getByRole("radio").nth(1);
  await expect(hour).toBeFocused();
  await expect(hour).toBeChecked();
  const startsAt = (await hour.getAttribute("value"))!;
  expect(await freeSlots(page)).toContain(startsAt);

  await form.getByRole("radio", { name: /Via video/ }).check();
  await form.getByLabel("Naam").fill(name);
  await form.getByLabel("E-mailadres").fill(email);
  await form.getByLabel(/Wil je al iets vertellen/).fill("Ik wil graag meer rust in mijn hoofd.");
  await form.getByRole("button", { name: "Gesprek boeken" }).click();
  await expect(page.getByRole("heading", { name: "Je gesprek is geboekt!" })).toBeVisible();
  await expect(toast(page, "Gesprek geboekt!")).toBeVisible();
  expect(await freeSlots(page)).not.toContain(startsAt);

  const mail = await mailTo(email, /Subject: Je kennismakingsgesprek op/);
  expect(mail).toContain("kennismakingsgesprek.ics");
  expect(mail).toContain("BEGIN:VCALENDAR");
  expect(mail).toContain(`DTSTART:${startsAt.slice(0, 19).replace(/[-:]/g, "")}Z`);
  const cancelLink = mail.match(/Annuleren: (https?:\/\/\S+\/afspraak\?token=[A-Za-z0-9_-]+)/)?.[1];
  expect(cancelLink, "cancel link in the e-mail").toBeTruthy();
  await mailTo("hallo@inlumine.be", new RegExp(`Nieuw kennismakingsgesprek: ${name}`));

  // The coach sees it.
  await signInViaApi(page);
  await page.goto("/admin/afspraken");
  await waitForAdminPage(page);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Via video");
  await expect(row).toContainText("Geboekt");
  await expectNoAxeViolations(page);

  // The visitor cancels with the link; opening it alone changes nothing.
  const url = new URL(cancelLink!);
  await page.goto(url.pathname + url.search);
  await expect(page.getByText(/Wil je je kennismakingsgesprek van/)).toBeVisible();
  expect(await freeSlots(page)).not.toContain(startsAt);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Gesprek annuleren" }).click();
  await expect(page.getByRole("heading", { name: "Je gesprek is geannuleerd" })).toBeVisible();
  expect(await freeSlots(page)).toContain(startsAt);
  // The link is spent.
  await page.goto(url.pathname + url.search);
  await expect(page.getByText(/Deze link is ongeldig of niet meer geldig/)).toBeVisible();

  await page.goto("/admin/afspraken");
  await waitForAdminPage(page);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Geannuleerd door bezoeker");
});

test("on a 320 px phone the booking page does not scroll sideways, and its steps read 1 to 4 before a day is picked", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/gratis-kennismakingsgesprek");
  await readThrough(page); // the booking form loads its free moments as the visitor reaches it
  const form = bookingForm(page);
  await expect(form.locator("legend")).toHaveText([
    "1. Kies een dag",
    "2. Kies een uur",
    "3. Hoe wil je het gesprek?",
    "4. Je gegevens",
  ]);
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(widths[0], "the page is wider than the screen").toBe(widths[1]);
});

test("the booking form with a day chosen has no axe violations, and a phone call needs a number", async ({ page }) => {
  await page.goto("/booking");
  await readThrough(page); // the booking form loads its free moments as the visitor reaches it
  const form = bookingForm(page);
  await form.getByRole("group", { name: "1. Kies een dag" }).getByRole("radio").first().focus();
  await page.keyboard.press("Space");
  await expect(form.getByRole("group", { name: /^2\. Kies een uur op / })).toBeVisible();
  await expectNoAxeViolations(page);
  await expect(form.getByLabel("Telefoonnummer")).toHaveAttribute("required", "");
  await form.getByRole("radio", { name: /Via video/ }).check();
  await expect(form.getByLabel(/Telefoonnummer/)).not.toHaveAttribute("required", "");
});

test("the coach cancels a call with a message, and edits her availability", async ({ page }) => {
  test.slow(); // many steps, two pages and e-mail polling on a shared machine
  const name = uniqueName("Coach annuleert");
  const email = uniqueEmail("geannuleerd");
  const [slot] = await freeSlots(page);
  const booked = await page.request.post("/api/intro-calls", {
    data: { starts_at: slot, mode: "phone", name, email, phone: "0470 12 34 56", question: null },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await signInViaApi(page);
  await page.goto("/admin/afspraken");
  await waitForAdminPage(page);
  await page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("button", { name: /Annuleren/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Gesprek annuleren" });
  await dialog.getByRole("button", { name: "Gesprek annuleren" }).click();
  await expect(dialog.getByLabel("Bericht aan de bezoeker")).toHaveAccessibleDescription(/Schrijf een kort bericht/);
  await expectNoAxeViolations(page);
  await dialog.getByLabel("Bericht aan de bezoeker").fill("Ik moet die dag helaas weg. Kies gerust een nieuw moment!");
  await dialog.getByRole("button", { name: "Gesprek annuleren" }).click();
  await expect(toast(page, "Gesprek geannuleerd")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Geannuleerd door jou");
  const mail = await mailTo(email, /Subject: Je kennismakingsgesprek van[\s\S]*?geannuleerd/);
  expect(mail).toContain("Ik moet die dag helaas weg.");
  expect(await freeSlots(page)).toContain(slot);

  await page.goto("/admin/beschikbaarheid");
  await waitForAdminPage(page);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Tijdsblok toevoegen op zaterdag" }).click();
  const block = page.getByRole("group", { name: "Zaterdag, blok 1" });
  await block.getByLabel("Van").fill("10:00");
  await block.getByLabel("Tot").fill("09:00");
  await page.getByRole("button", { name: "Beschikbaarheid opslaan" }).click();
  await expect(page.getByText("10:00–09:00: het einde moet na het begin liggen.")).toBeVisible();
  await block.getByRole("button", { name: /Verwijderen/ }).click();
  await page.getByRole("button", { name: "Beschikbaarheid opslaan" }).click();
  await expect(toast(page, "Beschikbaarheid opgeslagen")).toBeVisible();
});
