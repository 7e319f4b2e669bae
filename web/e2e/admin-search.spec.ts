// Issue 27: one search from every admin page (Ctrl+K or "/"), with the keyboard only, for a person
// by part of her name, an order by its number, a ticket by its code and an invoice by its number,
// each opening the page that shows it; and Facturen showing only the months and quarters that
// have invoices, with a chart of the revenue per month.
import { expect, test, type Page } from "@playwright/test";
import { buyAndPay, createEvent, eventTickets, uniqueBuyer } from "./admin-commerce-helpers";
import { signInViaApi, uniqueName, waitForAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./helpers";
import type { OrderSummary } from "@/lib/api-types";

function searchBox(page: Page) {
  return page.getByRole("combobox", { name: "Zoeken in het beheer" });
}

/** Types into the search and waits until the results for exactly that text are listed. */
async function searchFor(page: Page, text: string) {
  const box = searchBox(page);
  await expect(box).toBeFocused();
  await page.keyboard.type(text);
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const results = page.getByRole("listbox", { name: "Zoekresultaten" });
  await expect(page.getByRole("status").filter({ hasText: /(resultaat|resultaten);/ })).toBeAttached();
  return results;
}

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const tooWide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(tooWide).toBeLessThanOrEqual(0);
}

test("the admin search finds a person, an order, a ticket and an invoice and opens each with the keyboard", async ({
  page,
  request,
}) => {
  // Four searches, each opening a page, on two cores shared with the other workers.
  test.setTimeout(120_000);
  const session = await signInViaApi(page);
  const event = await createEvent(request, session, { title: uniqueName("Zoekavond") });
  const buyer = uniqueBuyer("Sofie");
  const paid = await buyAndPay(request, { eventId: event.id, buyer });
  const [ticket] = await eventTickets(request, session, event.id);
  const summary = (await (await request.get(`/api/orders/${paid.orderId}`)).json()) as OrderSummary;
  await expect
    .poll(async () => ((await (await request.get(`/api/orders/${paid.orderId}`)).json()) as OrderSummary).invoice_number)
    .toMatch(/^\d{4}-\d{6}$/);
  const invoiceNumber = ((await (await request.get(`/api/orders/${paid.orderId}`)).json()) as OrderSummary).invoice_number!;
  expect(summary).toBeTruthy();

  await page.goto("/admin/dashboard");
  await waitForAdminPage(page);

  // A person by part of her (last) name: Ctrl+K, type, arrows, Enter.
  await page.keyboard.press("Control+K");
  const results = await searchFor(page, buyer.last_name.slice(0, -3).toLowerCase());
  const people = results.getByRole("group", { name: "Personen" });
  await expect(people.getByRole("option")).toHaveCount(1);
  await expect(people.getByRole("option")).toContainText(`${buyer.first_name} ${buyer.last_name}`);
  await expect(results.getByRole("group", { name: "Bestellingen" }).getByRole("option")).toHaveCount(1);
  const box = searchBox(page);
  const options = results.getByRole("option");
  await page.keyboard.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/personen\?email=/);
  await expect(page.getByRole("heading", { name: `Gegevens van ${buyer.email.toLowerCase()}` })).toBeVisible();

  // An order by its number (the 10 characters in her mails): "/" and Enter opens the first hit.
  await page.keyboard.press("/");
  await searchFor(page, paid.orderId.slice(0, 10));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/orders\?bestelling=\d+$/);
  const dialog = page.getByRole("dialog", { name: `Bestelling van ${buyer.first_name} ${buyer.last_name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(paid.orderId)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // A ticket by its code: the event's tickets, filtered on it.
  await page.keyboard.press("Control+K");
  const ticketResults = await searchFor(page, ticket!.code);
  await expect(ticketResults.getByRole("group", { name: "Tickets" }).getByRole("option")).toHaveCount(1);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  // The link carries the code as stored (without the dashes people see).
  await expect(page).toHaveURL(new RegExp(`/admin/tickets\\?activiteit=${event.id}&ticket=${ticket!.code.replaceAll("-", "")}$`));
  const tickets = page.getByRole("region", { name: `Tickets: ${event.title}` });
  await expect(tickets.getByRole("row").filter({ hasText: ticket!.code })).toBeVisible();

  // An invoice by its number: Facturen, on its year, found in the list.
  await page.keyboard.press("Control+K");
  const invoiceResults = await searchFor(page, invoiceNumber);
  await expect(invoiceResults.getByRole("group", { name: "Facturen" }).getByRole("option")).toContainText(
    `Factuur ${invoiceNumber}`,
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/facturen\?factuur=/);
  await waitForAdminPage(page);
  await expect(page.getByRole("searchbox", { name: /^Zoeken op nummer/ })).toHaveValue(invoiceNumber);
  await expect(page.getByRole("row").filter({ hasText: invoiceNumber })).toBeVisible();

  // Escape closes the results, a second Escape empties the field.
  await page.keyboard.press("Control+K");
  await searchFor(page, buyer.first_name.toLowerCase());
  await page.keyboard.press("Escape");
  await expect(page.getByRole("listbox", { name: "Zoekresultaten" })).toBeHidden();
  await expect(searchBox(page)).toHaveAttribute("aria-expanded", "false");
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(searchBox(page)).toHaveValue("");
});

for (const width of [320, 390, 1280]) {
  test(`the search and Facturen fit at ${width}px, with nothing for axe to find`, async ({ page, request }) => {
    const session = await signInViaApi(page);
    await buyAndPay(request, { product: "spiegelgevecht", buyer: uniqueBuyer("Lotte") });
    expect(session.access_token).toBeTruthy();
    // A long address among the results must wrap inside the list on a narrow phone.
    const signup = await request.post("/api/newsletter", {
      data: { firstName: "Lotte", email: `lotte.een-heel-lang-adres-voor-een-smalle-telefoon.${Date.now()}@voorbeeld-van-een-lange-domeinnaam.be` },
    });
    expect(signup.status(), await signup.text()).toBe(200);
    await page.setViewportSize({ width, height: 800 });

    await page.goto("/admin/facturen");
    await waitForAdminPage(page);
    // Only the months with invoices; the others collapsed (a fresh database has this month only).
    const months = page.getByRole("list", { name: /^Per maand/ });
    await expect(months.getByRole("listitem").filter({ hasText: /^Geen facturen in / }).first()).toBeVisible();
    const withInvoices = months.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^ZIP/ }) });
    await expect(withInvoices).not.toHaveCount(0);
    expect(await months.getByRole("listitem").count()).toBeLessThan(12);
    const quarters = page.getByRole("list", { name: /^Per kwartaal/ });
    expect(await quarters.getByRole("listitem").count()).toBeLessThan(5);
    // The chart, and its figures as a table.
    const chart = page.getByRole("figure", { name: /^Omzet per maand/ });
    await expect(chart.getByRole("img")).toBeVisible();
    await chart.getByText("De bedragen als tabel").click();
    await expect(chart.getByRole("table").getByRole("row")).toHaveCount(13);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // The search with its results open.
    await searchBox(page).click();
    await searchFor(page, "lo");
    const results = page.getByRole("listbox", { name: "Zoekresultaten" });
    await expect(results).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);

    // On a phone too, the keyboard picks a hit and Enter opens its page.
    await page.keyboard.press("ArrowDown");
    const first = results.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/(personen|orders|tickets|facturen|coupons|zelfbeeld-events)\?/);
    await waitForAdminPage(page);
    await expectNoSidewaysScroll(page);
  });
}
