import { expect, test, type Page } from "@playwright/test";
import { signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";
import type { ReviewList } from "@/lib/api-types";

const testimonials = (page: Page) => page.getByRole("list", { name: "Ervaringen van klanten" });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

test("create, edit and delete a review; the home page shows each change", async ({ page }) => {
  const name = uniqueName("Testklant");
  const text = `Een warme, eerlijke begeleiding (${name}).`;

  await page.goto("/admin/reviews");
  await waitForAdminPage(page);
  await page.getByRole("button", { name: "Nieuwe review" }).click();
  const dialog = page.getByRole("dialog", { name: "Nieuwe review" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Naam").fill(name);
  // The stars are a radio group: the arrow keys choose.
  await dialog.getByRole("radio", { name: "5 sterren" }).focus();
  await expect(dialog.getByRole("radio", { name: "5 sterren" })).toBeChecked();
  await page.keyboard.press("ArrowLeft");
  await expect(dialog.getByRole("radio", { name: "4 sterren" })).toBeChecked();
  await dialog.getByLabel("Tekst").fill(text);
  await dialog.getByRole("button", { name: "Review toevoegen" }).click();
  await expect(toast(page, "Review toegevoegd")).toBeVisible();
  await expect(dialog).toBeHidden();
  // Newest first: the new review heads the list.
  await expect(page.getByRole("row").nth(1)).toContainText(name);

  await page.goto("/");
  const first = testimonials(page).getByRole("listitem").first();
  await expect(first).toContainText(name);
  await expect(first).toContainText(text);
  await expect(first.getByRole("img", { name: "4 van 5 sterren" })).toBeVisible();

  // Edit: search for it, change the text and the stars, add a photo link.
  await page.goto("/admin/reviews");
  await page.getByLabel("Zoeken in reviews").fill(name);
  await expect(page.getByText("1 review gevonden")).toBeVisible();
  await expect(page.getByText("Pagina 1 van 1")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByRole("button", { name: /Bewerken/ }).click();
  const edit = page.getByRole("dialog", { name: "Review bewerken" });
  await expect(edit.getByLabel("Naam")).toHaveValue(name);
  await expect(edit.getByRole("radio", { name: "4 sterren" })).toBeChecked();
  // Clicking a star (its label) chooses it.
  await edit.locator("label").filter({ hasText: "2 sterren" }).click();
  await expect(edit.getByRole("radio", { name: "2 sterren" })).toBeChecked();
  await edit.getByLabel("Tekst").fill(`${text} Aangepast.`);
  await edit.getByLabel("Avatar-URL").fill("https://voorbeeld.be/foto.jpg");
  await expect(edit.getByRole("img", { name: /Voorbeeld van de foto/ }).or(edit.getByText(/kon niet geladen worden/))).toBeVisible();
  await edit.getByRole("button", { name: "Wijzigingen opslaan" }).click();
  await expect(toast(page, "Review opgeslagen")).toBeVisible();
  await expect(row).toContainText("Aangepast.");

  await page.goto("/");
  const edited = testimonials(page).getByRole("listitem").filter({ hasText: name });
  await expect(edited).toContainText("Aangepast.");
  await expect(edited.getByRole("img", { name: "2 van 5 sterren" })).toBeVisible();

  // Delete, after confirming.
  await page.goto("/admin/reviews");
  await page.getByLabel("Zoeken in reviews").fill(name);
  await page.getByRole("row").filter({ hasText: name }).getByRole("button", { name: /Verwijderen/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Review verwijderen?" });
  await expect(confirm).toContainText(name);
  // Cancel first: nothing happens.
  await confirm.getByRole("button", { name: "Annuleren" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1);
  await page.getByRole("row").filter({ hasText: name }).getByRole("button", { name: /Verwijderen/ }).click();
  await confirm.getByRole("button", { name: "Verwijderen" }).click();
  await expect(toast(page, "Review verwijderd")).toBeVisible();
  await expect(page.getByText(`Geen reviews gevonden voor ‘${name}’.`)).toBeVisible();

  await page.goto("/");
  await expect(testimonials(page).getByRole("listitem").first()).toBeVisible();
  await expect(testimonials(page).getByText(name)).toHaveCount(0);
});

test("the form checks the fields itself and shows the server's messages next to them", async ({ page }) => {
  await page.goto("/admin/reviews");
  await waitForAdminPage(page);
  await page.getByRole("button", { name: "Nieuwe review" }).click();
  const dialog = page.getByRole("dialog", { name: "Nieuwe review" });
  await dialog.getByLabel("Avatar-URL").fill("http://voorbeeld.be/foto.jpg");
  await dialog.getByRole("button", { name: "Review toevoegen" }).click();
  await expect(dialog.getByLabel("Naam")).toHaveAccessibleDescription(/Vul een naam in\./);
  await expect(dialog.getByLabel("Naam")).toBeFocused();
  await expect(dialog.getByLabel("Avatar-URL")).toHaveAccessibleDescription(/https:\/\//);
  await expect(dialog.getByLabel("Tekst")).toHaveAccessibleDescription(/Vul de tekst van de review in\./);

  // What the server says about a field lands next to that field.
  await page.route("**/api/admin/reviews", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 422,
          json: {
            error: {
              code: "validation",
              message: "Niet alle velden zijn goed ingevuld.",
              fields: { name: "Deze naam is al te vaak gebruikt." },
            },
          },
        })
      : route.continue(),
  );
  await dialog.getByLabel("Naam").fill("Anna");
  await dialog.getByLabel("Avatar-URL").fill("");
  await dialog.getByLabel("Tekst").fill("Mooi.");
  await dialog.getByRole("button", { name: "Review toevoegen" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Niet alle velden zijn goed ingevuld.");
  await expect(dialog.getByLabel("Naam")).toHaveAccessibleDescription(/Deze naam is al te vaak gebruikt\./);
  // Escape closes the dialog without saving.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Nieuwe review" })).toBeFocused();
});

test("the list pages through the reviews, newest first", async ({ page }) => {
  await page.goto("/admin/reviews");
  await waitForAdminPage(page);
  const { total } = (await (await page.request.get("/api/reviews")).json()) as ReviewList;
  const pages = Math.max(1, Math.ceil(total / 10));
  await expect(page.getByText(`Pagina 1 van ${pages}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Vorige" })).toBeDisabled();
  if (pages > 1) {
    await page.getByRole("button", { name: "Volgende" }).click();
    await expect(page.getByText(`Pagina 2 van ${pages}`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Vorige" })).toBeEnabled();
  } else {
    await expect(page.getByRole("button", { name: "Volgende" })).toBeDisabled();
  }
});
