import { expect, test } from "@playwright/test";
import { bearer, buyAndPay, createCoupon, createEvent, localDateTime, uniqueBuyer } from "./admin-commerce-helpers";
import { signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";

/** A code no other test (or run) uses. */
function uniqueCode(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
}

test("create, edit and delete a coupon", async ({ page }) => {
  await signInViaApi(page);
  const code = uniqueCode("lente");
  await page.goto("/admin/coupons");
  await waitForAdminPage(page);

  await page.getByRole("button", { name: "Nieuwe coupon" }).click();
  const dialog = page.getByRole("dialog", { name: "Nieuwe coupon" });
  // Typed in lower case with a space: stored in upper case without it.
  await dialog.getByLabel("Code").fill(`${code.slice(0, 3).toLowerCase()} ${code.slice(3).toLowerCase()}`);
  await dialog.getByLabel("Soort korting").selectOption({ label: "Percentage" });
  await dialog.getByLabel("Percentage").fill("15");
  await dialog.getByLabel("Product").selectOption("vertelavond");
  await dialog.getByLabel("Geldig tot").fill(localDateTime(30, 23, 59));
  await dialog.getByLabel("Maximaal aantal keer te gebruiken").fill("3");
  await expect(dialog.getByLabel("Actief")).toBeChecked();
  await dialog.getByRole("button", { name: "Coupon toevoegen" }).click();
  await expect(toast(page, "Coupon toegevoegd")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel("Zoeken op code").fill(code);
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("15%");
  await expect(row).toContainText("0 / 3");
  await expect(row).toContainText("€ 0,00");
  await expect(row).toContainText("Actief");
  await expect(row).not.toContainText("Alle producten");

  // Edit: a fixed amount for every product, no limit, inactive.
  await row.getByRole("button", { name: /^Bewerken/ }).click();
  const edit = page.getByRole("dialog", { name: "Coupon bewerken" });
  await expect(edit.getByLabel("Code")).toHaveValue(code);
  await expect(edit.getByLabel("Percentage")).toHaveValue("15");
  await expect(edit.getByLabel("Geldig tot")).toHaveValue(localDateTime(30, 23, 59));
  await edit.getByLabel("Soort korting").selectOption({ label: "Vast bedrag" });
  await edit.getByLabel("Bedrag in euro").fill("5,00");
  await edit.getByLabel("Product").selectOption({ label: "Alle producten" });
  await edit.getByLabel("Maximaal aantal keer te gebruiken").fill("");
  await edit.getByLabel("Actief").uncheck();
  await edit.getByRole("button", { name: "Wijzigingen opslaan" }).click();
  await expect(toast(page, "Coupon opgeslagen")).toBeVisible();
  await expect(row).toContainText("€ 5,00");
  await expect(row).toContainText("0 / onbeperkt");
  await expect(row).toContainText("Alle producten");
  await expect(row).toContainText("Inactief");

  // Delete, after confirming.
  await row.getByRole("button", { name: /^Verwijderen/ }).click();
  await page.getByRole("alertdialog", { name: "Coupon verwijderen?" }).getByRole("button", { name: "Verwijderen" }).click();
  await expect(toast(page, "Coupon verwijderd")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: code })).toHaveCount(0);
});

test("the coupon form checks its fields; the server's messages land next to them", async ({ page }) => {
  const session = await signInViaApi(page);
  const taken = await createCoupon(page.request, session, { code: uniqueCode("bezet") });
  await page.goto("/admin/coupons");
  await waitForAdminPage(page);
  await page.getByRole("button", { name: "Nieuwe coupon" }).click();
  const dialog = page.getByRole("dialog", { name: "Nieuwe coupon" });

  await dialog.getByRole("button", { name: "Coupon toevoegen" }).click();
  await expect(dialog.getByLabel("Code")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Code")).toHaveAccessibleDescription(/Vul een code in\./);
  await expect(dialog.getByLabel("Code")).toBeFocused();
  await expect(dialog.getByLabel("Percentage")).toHaveAccessibleDescription(/Vul het percentage in/);

  await dialog.getByLabel("Code").fill("OK-CODE");
  await dialog.getByLabel("Percentage").fill("150");
  await dialog.getByLabel("Geldig vanaf").fill(localDateTime(10, 12));
  await dialog.getByLabel("Geldig tot").fill(localDateTime(5, 12));
  await dialog.getByRole("button", { name: "Coupon toevoegen" }).click();
  await expect(dialog.getByLabel("Percentage")).toHaveAccessibleDescription(/1 tot 100/);
  await expect(dialog.getByLabel("Geldig tot")).toHaveAccessibleDescription(/na ‘Geldig vanaf’/);

  // A code that exists already (in another case): only the server knows; its message is shown.
  await dialog.getByLabel("Code").fill(taken.code.toLowerCase());
  await dialog.getByLabel("Percentage").fill("10");
  await dialog.getByLabel("Geldig vanaf").fill("");
  await dialog.getByLabel("Geldig tot").fill("");
  await dialog.getByRole("button", { name: "Coupon toevoegen" }).click();
  await expect(dialog.getByRole("alert").first()).toBeVisible();
  await expect(dialog.getByLabel("Code")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toBeVisible();
  await page.request.delete(`/api/admin/coupons/${taken.id}`, { headers: bearer(session) });
});

test("a used coupon shows its usage and cannot be deleted: the server's reason is shown", async ({ page }) => {
  const session = await signInViaApi(page);
  const coupon = await createCoupon(page.request, session, {
    code: uniqueCode("gebruikt"),
    discount_kind: "fixed",
    discount_value: 500,
    max_redemptions: 3,
  });
  const event = await createEvent(page.request, session, { title: uniqueName("Vertelavond coupon"), capacity: 5, days: 55 });
  await buyAndPay(page.request, { eventId: event.id, quantity: 2, buyer: uniqueBuyer("Noor"), coupon: coupon.code });

  await page.goto("/admin/coupons");
  await waitForAdminPage(page);
  await page.getByLabel("Zoeken op code").fill(coupon.code);
  const row = page.getByRole("row").filter({ hasText: coupon.code });
  await expect(row).toContainText("1 / 3");
  await expect(row).toContainText("1 betaalde bestelling");
  await expect(row).toContainText("€ 5,00");

  await row.getByRole("button", { name: /^Verwijderen/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Coupon verwijderen?" });
  await expect(confirm).toContainText("al gebruikt");
  await confirm.getByRole("button", { name: "Verwijderen" }).click();
  await expect(toast(page, "Verwijderen lukte niet")).toBeVisible();
  await expect(page.getByText(/inactief/).first()).toBeVisible();
  await expect(row).toHaveCount(1);
});
