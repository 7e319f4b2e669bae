// Invoices: a company buys and gets its invoice (PDF and UBL) on the success page and in the mail;
// the coach downloads a quarter as one ZIP from Beheer > Facturen.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { checkoutForm, fillCheckout, mailTo, orderIdFromUrl, payOnSimulatedPage } from "./checkout-helpers";
import { signInViaApi, waitForAdminPage } from "./admin-helpers";
import { collectConsoleErrors, expectNoAxeViolations, uniqueEmail } from "./helpers";
import type { OrderSummary } from "@/lib/api-types";

test("a company buys a course with its VAT number and finds the invoice on the success page and in the mail", async ({
  page,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail("factuur");
  await page.goto("/checkout?product=spiegelgevecht");
  const f = checkoutForm(page);
  await fillCheckout(page, { firstName: "Bert", lastName: "Claes", email });
  await f.form.getByLabel(/^Bedrijfsnaam/).fill("Klaarlicht BV");
  // With a company, the form asks for the address on the invoice.
  await f.form.getByLabel(/^Straat en nummer/).fill("Kerkstraat 12");
  await f.form.getByLabel(/^Postcode/).fill("3000");
  await f.form.getByLabel(/^Gemeente/).fill("Leuven");
  // A Belgian number whose check digits do not match is refused with a clear message.
  await f.form.getByLabel(/^Btw-nummer/).fill("BE0123.456.789");
  await f.submit.click();
  await expect(f.form.getByText(/controlecijfers/)).toBeVisible();
  await f.form.getByLabel(/^Btw-nummer/).fill("BE0123.456.749");
  await f.submit.click();
  await payOnSimulatedPage(page, "Betalen");

  await expect(page).toHaveURL(/\/payment-success\?order=/);
  const orderId = orderIdFromUrl(page);
  const pdfLink = page.getByRole("link", { name: /^Factuur \d{4}-\d{6} \(pdf\)$/ });
  await expect(pdfLink).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("link", { name: /^E-factuur \d{4}-\d{6} \(UBL, Peppol\)$/ })).toBeVisible();

  const order = (await (await request.get(`/api/orders/${orderId}`)).json()) as OrderSummary;
  const number = order.invoice_number!;
  expect(number).toMatch(/^\d{4}-\d{6}$/);
  const href = await pdfLink.getAttribute("href");
  expect(href).toBe(`/api/orders/${orderId}/documents/factuur.pdf`);
  const pdf = await request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const xml = await request.get(`/api/orders/${orderId}/documents/factuur.xml`);
  const ubl = await xml.text();
  expect(ubl).toContain("<cbc:RegistrationName>Klaarlicht BV</cbc:RegistrationName>");
  expect(ubl).toContain("<cbc:StreetName>Kerkstraat 12</cbc:StreetName>");

  const mail = await mailTo(email, `factuur-${number}.pdf`);
  expect(mail).toContain(`/api/orders/${orderId}/documents/factuur.pdf`);
  expect(mail).toContain(`Factuurnummer: ${number}`);
  expect(mail).toContain(`factuur-${number}.xml`);
  // The one expected error: the browser logs the 422 that refused the wrong VAT number.
  expect(errors.filter((e) => !e.includes("status of 422"))).toEqual([]);
});

test("the coach downloads this quarter's invoices as one ZIP", async ({ page }) => {
  const session = await signInViaApi(page);
  // At least one invoice this quarter: a paid course order.
  const email = uniqueEmail("kwartaal");
  await page.goto("/checkout?product=spiegelgevecht");
  await fillCheckout(page, { firstName: "Els", lastName: "Wouters", email });
  await checkoutForm(page).submit.click();
  await payOnSimulatedPage(page, "Betalen");
  await expect(page.getByRole("link", { name: /^Factuur \d{4}-\d{6} \(pdf\)$/ })).toBeVisible({ timeout: 15_000 });
  expect(session.access_token).toBeTruthy();

  await page.goto("/admin/facturen");
  await waitForAdminPage(page);
  await expect(page.getByRole("heading", { level: 1, name: "Facturen" })).toBeVisible();
  const quarters = page.getByRole("list", { name: /^Per kwartaal/ });
  const quarter = quarters.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^ZIP \(\d+e kwartaal/ }) }).first();
  await expect(quarter).toBeVisible();
  const label = (await quarter.locator("span").first().textContent())!.trim();
  const downloading = page.waitForEvent("download");
  await quarter.getByRole("button", { name: `ZIP (${label})` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^facturen-\d{4}-\d{2}-01-tot-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await download.path();
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 2).toString()).toBe("PK");
  expect(bytes.includes(Buffer.from("overzicht.csv"))).toBe(true);
});

test("Beheer > Facturen has no axe-core violations on a phone and a desktop", async ({ page }) => {
  await signInViaApi(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/facturen");
    await waitForAdminPage(page);
    await expect(page.getByRole("list", { name: /^Per maand/ })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});
