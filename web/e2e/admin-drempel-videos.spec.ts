import { expect, test, type Page } from "@playwright/test";
import { signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";

/** The titles of the published videos on /voor-jezelf, in order. */
async function publicTitles(page: Page): Promise<string[]> {
  await page.goto("/voor-jezelf");
  const section = page.locator("#drempelvideos");
  // The list loads as the visitor reads down to it (its island hydrates near the view).
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText("Laden...")).toHaveCount(0);
  return section.locator("article h3").allInnerTexts();
}

function card(page: Page, title: string) {
  return page.getByRole("list", { name: "Drempelvideo’s in volgorde" }).getByRole("listitem").filter({ hasText: title });
}

async function addVideo(page: Page, title: string, url: string) {
  await page.getByRole("button", { name: "Nieuwe video" }).click();
  const dialog = page.getByRole("dialog", { name: "Nieuwe video" });
  await dialog.getByLabel("Titel").fill(title);
  await dialog.getByLabel("Beschrijving").fill(`Over ${title}.`);
  await dialog.getByLabel("Link naar de video").fill(url);
  // The live preview recognises the link and shows the (lazy) embed.
  await expect(dialog.getByText(/(YouTube|Vimeo)-video herkend/)).toBeVisible();
  await expect(dialog.getByText("Loading video...").or(dialog.locator("iframe"))).toBeVisible();
  await dialog.getByRole("button", { name: "Video toevoegen" }).click();
  await expect(toast(page, "Video toegevoegd")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, title)).toBeVisible();
}

test("create, edit, reorder, unpublish and delete videos; /voor-jezelf follows", async ({ page }) => {
  // Eleven page loads, admin and public, in one story: more than the default 30 s on a busy machine.
  test.slow();
  await signInViaApi(page);
  const first = uniqueName("Video adem");
  const second = uniqueName("Video stilte");

  await page.goto("/admin/drempel-videos");
  await waitForAdminPage(page);
  await addVideo(page, first, "https://www.youtube.com/watch?v=aqz-KE-bpKQ");
  await addVideo(page, second, "https://vimeo.com/76979871");
  await expect(card(page, first)).toContainText("Gepubliceerd");

  let titles = await publicTitles(page);
  expect(titles).toContain(first);
  expect(titles.indexOf(first)).toBeLessThan(titles.indexOf(second));
  await expect(page.locator("#drempelvideos article").filter({ hasText: first })).toContainText(`Over ${first}.`);

  // Reorder: the second one goes up, and the focus stays on its "Omhoog" button.
  await page.goto("/admin/drempel-videos");
  await waitForAdminPage(page);
  const up = card(page, second).getByRole("button", { name: /Omhoog/ });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(card(page, second).getByRole("button", { name: /Omhoog/ })).toBeFocused();
  const order = page.getByRole("list", { name: "Drempelvideo’s in volgorde" }).getByRole("heading");
  await expect
    .poll(async () => {
      const all = await order.allInnerTexts();
      return all.findIndex((t) => t.includes(second)) < all.findIndex((t) => t.includes(first));
    })
    .toBe(true);
  titles = await publicTitles(page);
  expect(titles.indexOf(second)).toBeLessThan(titles.indexOf(first));

  // And back down with "Omlaag".
  await page.goto("/admin/drempel-videos");
  await waitForAdminPage(page);
  await card(page, second).getByRole("button", { name: /Omlaag/ }).click();
  await expect(card(page, second).getByRole("button", { name: /Omlaag/ })).toBeFocused();
  titles = await publicTitles(page);
  expect(titles.indexOf(first)).toBeLessThan(titles.indexOf(second));

  // Edit the title.
  const renamed = `${first} (nieuw)`;
  await page.goto("/admin/drempel-videos");
  await card(page, first).getByRole("button", { name: /Bewerken/ }).click();
  const edit = page.getByRole("dialog", { name: "Video bewerken" });
  await expect(edit.getByLabel("Link naar de video")).toHaveValue("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
  await edit.getByLabel("Titel").fill(renamed);
  await edit.getByRole("button", { name: "Wijzigingen opslaan" }).click();
  await expect(toast(page, "Video opgeslagen")).toBeVisible();
  titles = await publicTitles(page);
  expect(titles).toContain(renamed);
  expect(titles).not.toContain(first);

  // Unpublish: saved with the whole input, gone from the public page.
  await page.goto("/admin/drempel-videos");
  await card(page, renamed).getByRole("button", { name: /Verbergen/ }).click();
  await expect(toast(page, "Video verborgen")).toBeVisible();
  await expect(card(page, renamed)).toContainText("Niet gepubliceerd");
  titles = await publicTitles(page);
  expect(titles).not.toContain(renamed);
  expect(titles).toContain(second);

  // Delete both, after confirming.
  await page.goto("/admin/drempel-videos");
  for (const title of [renamed, second]) {
    await card(page, title).getByRole("button", { name: /Verwijderen/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Video verwijderen?" });
    await confirm.getByRole("button", { name: "Verwijderen" }).click();
    await expect(toast(page, "Video verwijderd").or(page.getByText("Video verwijderd").first())).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
  }
  titles = await publicTitles(page);
  expect(titles).not.toContain(second);
});

test("only YouTube and Vimeo links are accepted", async ({ page }) => {
  await signInViaApi(page);
  await page.goto("/admin/drempel-videos");
  await waitForAdminPage(page);
  await page.getByRole("button", { name: "Nieuwe video" }).click();
  const dialog = page.getByRole("dialog", { name: "Nieuwe video" });
  await dialog.getByLabel("Titel").fill(uniqueName("Geen video"));
  await dialog.getByLabel("Link naar de video").fill("https://voorbeeld.be/film.mp4");
  await dialog.getByRole("button", { name: "Video toevoegen" }).click();
  await expect(dialog.getByLabel("Link naar de video")).toHaveAccessibleDescription(/geen link naar een YouTube- of Vimeo-video/);
  await expect(dialog).toBeVisible();
});

test("/voor-jezelf says so kindly when there are no videos yet", async ({ page }) => {
  await page.route("**/api/drempel-videos", (route) => route.fulfill({ json: { videos: [] } }));
  await page.goto("/voor-jezelf");
  await expect(page.locator("#drempelvideos")).toContainText("Er staan hier nog geen video’s klaar");
  // The intro video section is still there.
  await expect(page.getByRole("heading", { name: "Begin hier" })).toBeVisible();
});
