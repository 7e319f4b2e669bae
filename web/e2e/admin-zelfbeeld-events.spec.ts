import { expect, test, type Page } from "@playwright/test";
import { signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";
import { readThrough } from "./helpers";
import type { AdminEvent } from "@/lib/api-types";

/** "YYYY-MM-DDTHH:MM" for <input type="datetime-local">, `days` from now at the given hour. */
function localDateTime(days: number, hour: number, minute = 0): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:${pad(minute)}`;
}

/** The event's card on a public page (the list loads in the browser). */
async function publicEvent(page: Page, path: string, title: string) {
  await page.goto(path);
  await readThrough(page);
  await expect(page.locator("main").getByText("Laden...")).toHaveCount(0);
  return page.locator("main li").filter({ has: page.getByRole("heading", { name: title }) });
}

test("create, edit and delete a zelfbeeld date; both public pages show it with its seats left", async ({ page }) => {
  await signInViaApi(page);
  const title = uniqueName("Zelfbeeld-Ommekeer test");

  await page.goto("/admin/zelfbeeld-events");
  await waitForAdminPage(page);
  await expect(page.getByRole("tab", { name: "Komende data" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("button", { name: "Nieuwe datum" }).click();
  const dialog = page.getByRole("dialog", { name: "Nieuwe datum" });
  // New dates start from the course's name and price.
  await expect(dialog.getByLabel("Titel")).toHaveValue("De Zelfbeeld-Ommekeer");
  await expect(dialog.getByLabel("Prijs in euro")).toHaveValue("1500,00");
  await dialog.getByLabel("Titel").fill(title);
  await dialog.getByLabel("Begin").fill(localDateTime(20, 9, 30));
  await dialog.getByLabel("Einde").fill(localDateTime(22, 17));
  await dialog.getByLabel("Naam van de locatie").fill("Zaal Het Licht");
  await dialog.getByLabel("Straat en nummer").fill("Lichtstraat 7");
  await dialog.getByLabel("Postcode").fill("2800");
  await dialog.getByLabel("Gemeente").fill("Mechelen");
  await dialog.getByLabel("Aantal plaatsen").fill("9");
  await dialog.getByLabel("Prijs in euro").fill("1.450,00");
  await dialog.getByLabel("Status").selectOption({ label: "Gepubliceerd" });
  await dialog.getByRole("button", { name: "Datum toevoegen" }).click();
  await expect(toast(page, "Datum toegevoegd")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("0 / 9");
  await expect(row).toContainText("€ 1.450,00");
  await expect(row).toContainText("Gepubliceerd");

  for (const path of ["/zelfbeeld-ommekeer-booking", "/transformeer/zelfbeeld-ommekeer"]) {
    const card = await publicEvent(page, path, title);
    await expect(card, path).toContainText("Nog 9 plaatsen");
    await expect(card, path).toContainText("Zaal Het Licht");
    await expect(card, path).toContainText("€ 1.450,00");
  }

  // Edit: fewer seats and a new name.
  const renamed = `${title} (verplaatst)`;
  await page.goto("/admin/zelfbeeld-events");
  await page.getByRole("row").filter({ hasText: title }).getByRole("button", { name: /Bewerken/ }).click();
  const edit = page.getByRole("dialog", { name: "Datum bewerken" });
  await expect(edit.getByLabel("Begin")).toHaveValue(localDateTime(20, 9, 30));
  await expect(edit.getByLabel("Prijs in euro")).toHaveValue("1450,00");
  await edit.getByLabel("Titel").fill(renamed);
  await edit.getByLabel("Aantal plaatsen").fill("7");
  await edit.getByRole("button", { name: "Wijzigingen opslaan" }).click();
  await expect(toast(page, "Datum opgeslagen")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: renamed })).toContainText("0 / 7");

  for (const path of ["/zelfbeeld-ommekeer-booking", "/transformeer/zelfbeeld-ommekeer"]) {
    const card = await publicEvent(page, path, renamed);
    await expect(card, path).toContainText("Nog 7 plaatsen");
  }

  // Delete, after confirming.
  await page.goto("/admin/zelfbeeld-events");
  await page.getByRole("row").filter({ hasText: renamed }).getByRole("button", { name: /Verwijderen/ }).click();
  await page.getByRole("alertdialog", { name: "Datum verwijderen?" }).getByRole("button", { name: "Verwijderen" }).click();
  await expect(toast(page, "Datum verwijderd")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: renamed })).toHaveCount(0);

  for (const path of ["/zelfbeeld-ommekeer-booking", "/transformeer/zelfbeeld-ommekeer"]) {
    await page.goto(path);
    await readThrough(page);
    await expect(page.locator("main").getByText("Laden...")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: renamed })).toHaveCount(0);
  }
});

test("the form checks dates, seats and price next to the fields", async ({ page }) => {
  await signInViaApi(page);
  await page.goto("/admin/zelfbeeld-events");
  await waitForAdminPage(page);
  await page.getByRole("button", { name: "Nieuwe datum" }).click();
  const dialog = page.getByRole("dialog", { name: "Nieuwe datum" });
  await dialog.getByLabel("Begin").fill(localDateTime(30, 17));
  await dialog.getByLabel("Einde").fill(localDateTime(30, 9));
  await dialog.getByLabel("Aantal plaatsen").fill("0");
  await dialog.getByLabel("Prijs in euro").fill("veel");
  await dialog.getByRole("button", { name: "Datum toevoegen" }).click();
  await expect(dialog.getByLabel("Einde")).toHaveAccessibleDescription(/Het einde moet na het begin liggen\./);
  await expect(dialog.getByLabel("Aantal plaatsen")).toHaveAccessibleDescription(/heel getal/);
  await expect(dialog.getByLabel("Prijs in euro")).toHaveAccessibleDescription(/bedrag in euro/);
  await expect(dialog).toBeVisible();
});

test("a date with seats taken cannot be deleted: the server's reason is shown", async ({ page }) => {
  const session = await signInViaApi(page);
  const auth = { Authorization: `Bearer ${session.access_token}` };
  const title = uniqueName("Zelfbeeld volzet");
  const created = await page.request.post("/api/admin/events", {
    headers: auth,
    data: {
      kind: "zelfbeeld",
      title,
      description: "",
      starts_at: localDateTime(40, 9, 30),
      ends_at: localDateTime(42, 17),
      venue_name: null,
      street: null,
      postal_code: null,
      city: "Mechelen",
      online_url: null,
      capacity: 8,
      price_cents: 150000,
      status: "draft",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as AdminEvent;
  try {
    await page.goto("/admin/zelfbeeld-events");
    await waitForAdminPage(page);
    // Seats cannot be booked yet (checkout comes later), so the server's 409 is played here.
    await page.route(`**/api/admin/events/${id}`, (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({
            status: 409,
            json: {
              error: {
                code: "conflict",
                message: "Er zijn al plaatsen geboekt. Annuleer deze datum in plaats van ze te verwijderen.",
              },
            },
          })
        : route.continue(),
    );
    await page.getByRole("row").filter({ hasText: title }).getByRole("button", { name: /Verwijderen/ }).click();
    await page.getByRole("alertdialog", { name: "Datum verwijderen?" }).getByRole("button", { name: "Verwijderen" }).click();
    await expect(toast(page, "Verwijderen lukte niet")).toBeVisible();
    await expect(page.getByText("Er zijn al plaatsen geboekt. Annuleer deze datum").first()).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(1);
  } finally {
    await page.unrouteAll();
    await page.request.delete(`/api/admin/events/${id}`, { headers: auth });
  }
});

test("past dates have their own tab, reachable with the arrow keys", async ({ page }) => {
  await signInViaApi(page);
  await page.goto("/admin/zelfbeeld-events");
  await waitForAdminPage(page);
  const upcoming = page.getByRole("tab", { name: "Komende data" });
  await upcoming.focus();
  await page.keyboard.press("ArrowRight");
  const past = page.getByRole("tab", { name: "Voorbije data" });
  await expect(past).toBeFocused();
  await expect(past).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel", { name: "Voorbije data" });
  await expect(panel.getByRole("table").or(panel.getByText("Er zijn nog geen voorbije data."))).toBeVisible();
});
