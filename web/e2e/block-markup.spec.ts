import { expect, test } from "@playwright/test";
import { signInViaApi, waitForAdminPage } from "./admin-helpers";
import { collectConsoleErrors, waitForHydration } from "./helpers";
import { MARKUP, restoreBlocks, saveInBlocks } from "./markup-kinds";

// Whatever the coach can save, the page hydrates without an error (issue 22, item 2): each kind
// of markup goes into a button's label, a heading and a paragraph of /wees-eerlijk (blocks no
// other spec reads), and the page is loaded and reloaded. A label keeps bold and italic only, so
// no link ends up inside the button's link. The footer's blocks, on every page, are tried in
// footer-markup.last.spec.ts, which runs after all other specs.

const BLOCKS = {
  button: "wees-eerlijk.next.button",
  heading: "wees-eerlijk.how.title",
  paragraph: "wees-eerlijk.next.text",
} as const;


test.describe.configure({ mode: "serial" });

test("the editor offers bold and italic only in a button's label, links in a heading", async ({ page }) => {
  await signInViaApi(page);
  await page.goto(`/admin/paginas?pagina=${encodeURIComponent("/wees-eerlijk")}`);
  await waitForAdminPage(page);
  const toolbar = (name: string) => page.getByRole("toolbar", { name: `Opmaak voor ${name}` });
  await expect(toolbar("Knop · De volgende stap").getByRole("button")).toHaveText(["Vet", "Cursief"]);
  await expect(toolbar("Titel · Zo werkt het").getByRole("button")).toHaveText(["Vet", "Cursief", "Link"]);
  // Grouped per part of the page, and found by a search.
  await expect(page.getByRole("heading", { level: 2, name: "De volgende stap" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Zoek een tekst op deze pagina" }).fill("naar stap 2");
  await expect(page.getByRole("textbox", { name: "Knop · De volgende stap" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Titel · Zo werkt het" })).toHaveCount(0);
});

test("each kind of markup in a button, a heading and a paragraph: no console error, no link in a link", async ({
  page,
}) => {
  test.slow(); // seven saves and fourteen page loads on a shared machine
  await page.setViewportSize({ width: 390, height: 844 });
  const session = await signInViaApi(page);
  const errors = collectConsoleErrors(page);
  try {
    for (const [kind, markdown] of MARKUP) {
      await saveInBlocks(page, session, Object.values(BLOCKS), markdown, kind);
      for (const reload of [false, true]) {
        if (reload) await page.reload();
        else await page.goto("/wees-eerlijk");
        await waitForHydration(page);
        const button = page.locator(`[data-block="${BLOCKS.button}"]`);
        await expect(button, kind).not.toBeEmpty();
        expect(await page.locator("a a, a button, button a, button button").count(), kind).toBe(0);
        expect(await button.locator("a, p, ul, li, h2, h3").count(), kind).toBe(0);
        // Inline blocks (a heading, a paragraph) hold no block elements either.
        for (const key of [BLOCKS.heading, BLOCKS.paragraph]) {
          expect(await page.locator(`[data-block="${key}"]`).locator("p, ul, li, h2, h3").count(), `${kind} ${key}`).toBe(0);
        }
        await expect(page.getByRole("button", { name: "Menu openen" })).toBeEnabled();
      }
      expect(errors, kind).toEqual([]);
    }
  } finally {
    await restoreBlocks(page, session, Object.values(BLOCKS));
  }
  const raw = await (await page.request.get("/wees-eerlijk")).text();
  expect(raw).toContain(`data-block="${BLOCKS.heading}">Zo werkt de zelftest</`);
});
