import { expect, test } from "@playwright/test";
import { readFile } from "node:fs/promises";
import {
  bearer,
  buyAndPay,
  createEvent,
  eventTickets,
  localDateTime,
  openEventTickets,
  uniqueBuyer,
} from "./admin-commerce-helpers";
import { signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";
import type { AdminEventPage } from "@/lib/api-types";

test("create a storytelling evening in the admin; the public page shows it", async ({ page }) => {
  const session = await signInViaApi(page);
  const title = uniqueName("Vertelavond test");
  await page.goto("/admin/tickets");
  await waitForAdminPage(page);
  await expect(page.getByLabel("Soort")).toHaveValue("vertelavond");
  await page.getByRole("button", { name: "Nieuwe vertelavond" }).click();
  const dialog = page.getByRole("dialog", { name: "Nieuwe vertelavond" });
  await expect(dialog.getByLabel("Titel")).toHaveValue("Vertelavond");
  // The price starts from the product's.
  await expect(dialog.getByLabel("Prijs in euro")).toHaveValue("35,00");
  await dialog.getByLabel("Titel").fill(title);
  // Sooner than the demo evening, so it is the next one on the public page.
  await dialog.getByLabel("Begin").fill(localDateTime(2, 19, 30));
  await dialog.getByLabel("Einde").fill(localDateTime(2, 22));
  await dialog.getByLabel("Naam van de locatie").fill("Zaal Het Woord");
  await dialog.getByLabel("Aantal plaatsen").fill("10");
  await dialog.getByLabel("Status").selectOption({ label: "Gepubliceerd" });
  await dialog.getByRole("button", { name: "Datum toevoegen" }).click();
  await expect(toast(page, "Datum toegevoegd")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("0 / 10");
  await expect(row).toContainText("€ 35,00");
  await expect(row).toContainText("Gepubliceerd");
  const events = (await (
    await page.request.get("/api/admin/events?kind=vertelavond&when=upcoming&per_page=100", { headers: bearer(session) })
  ).json()) as AdminEventPage;
  const { id } = events.items.find((e) => e.title === title)!;

  try {
    await page.goto("/vertelavond");
    await expect(page.locator("main").getByText("Laden...")).toHaveCount(0);
    await expect(page.locator("main").getByText(title).first()).toBeVisible();
    await expect(page.locator("main")).toContainText("Zaal Het Woord");

    // Cancel it in the admin: the public page no longer offers it for sale.
    await page.goto("/admin/tickets");
    await waitForAdminPage(page);
    await page.getByRole("row").filter({ hasText: title }).getByRole("button", { name: /^Annuleren/ }).click();
    await page.getByRole("alertdialog", { name: "Datum annuleren?" }).getByRole("button", { name: "Datum annuleren" }).click();
    await expect(toast(page, "Datum geannuleerd")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: title })).toContainText("Geannuleerd");
  } finally {
    // Never leave an early evening behind for other tests' "next evening".
    await page.request.delete(`/api/admin/events/${id}`, { headers: bearer(session) });
  }
});

test("tickets bought at checkout: listed, searched, checked in by code and by button, cancelled, exported", async ({ page }) => {
  const session = await signInViaApi(page);
  const title = uniqueName("Vertelavond tickets");
  const event = await createEvent(page.request, session, { title, capacity: 5, days: 50 });
  const buyer = uniqueBuyer("Mira");
  await buyAndPay(page.request, { eventId: event.id, quantity: 3, buyer });
  const tickets = await eventTickets(page.request, session, event.id);
  expect(tickets).toHaveLength(3);
  const [byCode, byButton, cancelled] = tickets.map((t) => t.code) as [string, string, string];

  const list = await openEventTickets(page, "/admin/tickets", title);
  await expect(list).toContainText("3 / 5 plaatsen bezet");
  const rows = list.getByRole("row");
  await expect(rows.filter({ hasText: buyer.email })).toHaveCount(3);
  await expect(rows.filter({ hasText: "Geldig" })).toHaveCount(3);
  // Each ticket links to its order.
  await expect(rows.filter({ hasText: byCode }).getByRole("link", { name: /^Bestelling bekijken/ })).toHaveAttribute(
    "href",
    /\/admin\/orders\?bestelling=\d+$/,
  );

  // Search by code.
  await list.getByLabel("Zoeken in tickets").fill(byButton);
  await expect(rows.filter({ hasText: buyer.email })).toHaveCount(1);
  await expect(rows.filter({ hasText: byButton })).toHaveCount(1);
  await list.getByLabel("Zoeken in tickets").fill("");
  await expect(rows.filter({ hasText: buyer.email })).toHaveCount(3);

  // Check in by typing the code (lower case, as a person might), then Enter like a scanner.
  const box = page.getByRole("region", { name: "Inchecken aan de deur" });
  const codeInput = page.getByLabel("Ticketcode");
  await codeInput.fill(byCode.toLowerCase());
  await codeInput.press("Enter");
  await expect(box).toContainText(`Welkom, ${buyer.first_name}`);
  await expect(box).toContainText(`Ingecheckt voor ${title}`);
  await expect(codeInput).toHaveValue("");
  await expect(codeInput).toBeFocused();
  await expect(rows.filter({ hasText: byCode })).toContainText("Ingecheckt");
  // The same ticket twice: refused, with the time it came in.
  await codeInput.fill(byCode);
  await codeInput.press("Enter");
  await expect(box).toContainText("Niet ingecheckt");
  await expect(box).toContainText(/al ingecheckt/i);
  // An unknown code.
  await codeInput.fill("ZZZZ-ZZZZ-ZZZZ");
  await codeInput.press("Enter");
  await expect(box).toContainText("Niet ingecheckt");
  await expect(box).toContainText("ZZZZ");

  // Check in with the row's button.
  await rows.filter({ hasText: byButton }).getByRole("button", { name: /^Inchecken/ }).click();
  await expect(toast(page, "Ingecheckt")).toBeVisible();
  await expect(rows.filter({ hasText: byButton })).toContainText("Ingecheckt");
  await expect(rows.filter({ hasText: byButton }).getByRole("button", { name: /^Inchecken/ })).toHaveCount(0);

  // Resend the confirmation.
  await rows.filter({ hasText: byButton }).getByRole("button", { name: /^Bevestiging opnieuw sturen/ }).click();
  await expect(toast(page, "Bevestiging opnieuw verstuurd")).toBeVisible();

  // Cancel one: its seat is free again.
  await rows.filter({ hasText: cancelled }).getByRole("button", { name: /^Annuleren/ }).click();
  await page.getByRole("alertdialog", { name: "Ticket annuleren?" }).getByRole("button", { name: "Ticket annuleren" }).click();
  await expect(toast(page, "Ticket geannuleerd")).toBeVisible();
  await expect(rows.filter({ hasText: cancelled })).toContainText("Geannuleerd");
  await expect(list).toContainText("2 / 5 plaatsen bezet");
  await expect(page.getByRole("row").filter({ hasText: title })).toContainText("2 / 5");

  // CSV of the event's tickets.
  const downloading = page.waitForEvent("download");
  await list.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  expect(download.url()).toMatch(/^blob:/);
  const bytes = await readFile((await download.path()));
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString("utf8");
  const lines = csv.split("\r\n").filter(Boolean);
  expect(lines[0]).toContain(";");
  for (const code of [byCode, byButton, cancelled]) expect(csv).toContain(code);
  await expect(toast(page, "CSV gedownload")).toBeVisible();
});

test("a zelfbeeld date shows its bookings", async ({ page }) => {
  const session = await signInViaApi(page);
  const title = uniqueName("Zelfbeeld boekingen");
  const event = await createEvent(page.request, session, { kind: "zelfbeeld", title, capacity: 4, priceCents: 150000, days: 70 });
  const buyer = uniqueBuyer("Ruben");
  await buyAndPay(page.request, { product: "zelfbeeld-ommekeer", eventId: event.id, quantity: 1, buyer });

  const list = await openEventTickets(page, "/admin/zelfbeeld-events", title, "Boekingen");
  await expect(list).toContainText("1 / 4 plaatsen bezet");
  await expect(list.getByRole("row").filter({ hasText: buyer.email })).toContainText("Geldig");
  await expect(list.getByRole("row").filter({ hasText: buyer.email })).toContainText(`${buyer.first_name} ${buyer.last_name}`);
});
