import { expect, test } from "@playwright/test";
import { signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";
import { addressedTo, expectNoAxeViolations, readMails, uniqueEmail } from "./helpers";

test.describe.configure({ mode: "serial" });

async function mailTo(address: string, text: string) {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = readMails().find((m) => addressedTo(m.text, address) && m.text.includes(text))?.text;
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

test("the coach sets a meeting link on a video intro call, and the visitor gets it by mail", async ({ page }) => {
  test.slow(); // booking, admin page, dialog and e-mail polling on a shared machine
  const name = uniqueName("Videogesprek");
  const email = uniqueEmail("videogesprek");
  const slots = (await (await page.request.get("/api/intro-calls/slots")).json()) as {
    days: { slots: { starts_at: string }[] }[];
  };
  // The first day's last hour: early in the list, away from the hours other specs take.
  const firstDay = slots.days[0]!.slots;
  const startsAt = firstDay[firstDay.length - 1]!.starts_at;
  const booked = await page.request.post("/api/intro-calls", {
    data: { starts_at: startsAt, mode: "video", name, email },
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await signInViaApi(page);
  await page.goto("/admin/afspraken");
  await waitForAdminPage(page);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Nog geen videolink");
  await row.getByRole("button", { name: /Videolink/ }).click();
  const dialog = page.getByRole("dialog", { name: "Videolink" });
  const input = dialog.getByLabel("Link van het videogesprek");
  await input.fill("http://niet-beveiligd.example");
  await dialog.getByRole("button", { name: "Videolink opslaan" }).click();
  await expect(dialog.getByText("Vul een volledige https-link in")).toBeVisible();
  await expect(input).toBeFocused();
  await expectNoAxeViolations(page);

  const link = `https://meet.jit.si/inlumine-${Date.now().toString(36)}`;
  await input.fill(link);
  await dialog.getByRole("button", { name: "Videolink opslaan" }).click();
  await expect(toast(page, "Videolink opgeslagen")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("link", { name: link })).toBeVisible();
  await mailTo(email, `Deelnemen aan het videogesprek: ${link}`);
  await expectNoAxeViolations(page);
});

test("Meldingen: the coach saves her choices and makes a private calendar link that works", async ({ page }) => {
  await signInViaApi(page);
  await page.goto("/admin/meldingen");
  await waitForAdminPage(page);
  await expectNoAxeViolations(page);

  // Only the time changes: other specs rely on immediate mails.
  await expect(page.getByLabel("Bestellingen")).toHaveValue("immediate");
  await page.getByLabel("Tijdstip van de dagelijkse samenvatting").fill("07:30");
  await page.getByRole("button", { name: "Meldingen opslaan" }).click();
  await expect(toast(page, "Meldingen opgeslagen")).toBeVisible();
  await page.reload();
  await waitForAdminPage(page);
  await expect(page.getByLabel("Tijdstip van de dagelijkse samenvatting")).toHaveValue("07:30");

  await page.getByRole("button", { name: /agendalink maken/i }).click();
  const confirm = page.getByRole("alertdialog", { name: "Nieuwe agendalink maken?" });
  if (await confirm.isVisible().catch(() => false)) {
    await confirm.getByRole("button", { name: "Nieuwe link maken" }).click();
  }
  const field = page.getByLabel("Je agendalink");
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  const path = new URL(await field.inputValue()).pathname;
  const feed = await page.request.get(path);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  const text = await feed.text();
  expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
  expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
  await expectNoAxeViolations(page);

  // A new link replaces it: the old one stops working.
  await page.getByRole("button", { name: "Nieuwe agendalink maken" }).click();
  await page.getByRole("alertdialog", { name: "Nieuwe agendalink maken?" }).getByRole("button", { name: "Nieuwe link maken" }).click();
  await expect(field).not.toHaveValue(new RegExp(path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  expect((await page.request.get(path)).status()).toBe(404);
});
