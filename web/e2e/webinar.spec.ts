import { expect, test } from "@playwright/test";
import { toast } from "./admin-helpers";
import { addressedTo, expectNoAxeViolations, readMails, readThrough, uniqueEmail } from "./helpers";

test("a visitor registers for a free webinar and gets the join link and an invite", async ({ page }) => {
  const email = uniqueEmail("webinar");
  await page.goto("/webinar-reeks");
  await readThrough(page); // the dates load as the visitor reads down to them
  await expect(page.locator("main").getByText("Laden...")).toHaveCount(0);
  const form = page.getByRole("form", { name: "Inschrijven voor Webinar: Grenzen zonder schuldgevoel" });
  const card = page.locator("main li").filter({
    has: page.getByRole("heading", { name: "Webinar: Grenzen zonder schuldgevoel" }),
  });
  const seats = await card.getByText(/Nog \d+ plaatsen vrij/).innerText();
  await form.getByLabel("Naam").fill("Webinar Bezoeker");
  await form.getByLabel("E-mailadres").fill(email);
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Gratis inschrijven" }).click();
  await expect(toast(page, "Ingeschreven!")).toBeVisible();
  await expect(card.getByRole("status")).toContainText("Je bent ingeschreven!");
  // One fewer at least: another spec may register for the same webinar meanwhile.
  const left = Number(seats.match(/\d+/)![0]);
  const seatsNow = async () => Number((await card.getByText(/Nog \d+ plaatsen vrij/).innerText()).match(/\d+/)![0]);
  await expect.poll(seatsNow).toBeLessThanOrEqual(left - 1);

  let mail: string | undefined;
  await expect
    .poll(() => (mail = readMails().find((m) => addressedTo(m.text, email))?.text), { timeout: 10_000 })
    .toBeTruthy();
  expect(mail).toContain("https://example.org/webinar-grenzen");
  expect(mail).toContain("webinar.ics");
  expect(mail).toContain("BEGIN:VCALENDAR");
});
