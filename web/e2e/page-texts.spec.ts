import { expect, test } from "@playwright/test";
import { bearer } from "./admin-commerce-helpers";
import { signInViaApi, toast, waitForAdminPage } from "./admin-helpers";
import { collectConsoleErrors, expectNoAxeViolations, waitForHydration } from "./helpers";
import { blockLabel, unnamedWords } from "../app/features/page-texts/lib/block-names";
import type { PageTexts } from "@/lib/api-types";

const DEFAULT_TITLE = "Kom in het licht van wie je werkelijk bent";

test("the coach changes the home hero title: curl and the hydrated page show it, history restores the earlier one", async ({
  page,
}) => {
  test.slow(); // four axe scans, two saves, raw fetches and reloads on a shared machine (~25 s alone)
  await signInViaApi(page);
  await page.goto("/admin/paginas");
  await waitForAdminPage(page);
  await expect(page.getByRole("heading", { level: 1, name: "Pagina's" })).toBeVisible();
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page);
  }
  await page.goto("/admin/paginas?pagina=%2F");
  await waitForAdminPage(page);
  const field = page.getByRole("textbox", { name: "Titel · Bovenaan", exact: true });
  await expect(field).toHaveValue(DEFAULT_TITLE);
  const editor = page.locator("section").filter({ has: field });

  try {
    // The buttons write Markdown; the server's preview shows it, script and all stripped.
    await field.fill("Eerste titel ");
    await editor.getByRole("button", { name: "Vet" }).click();
    await expect(field).toHaveValue("Eerste titel **vette tekst**");
    await field.fill('Eerste titel <script>alert(1)</script><img src=x onerror="alert(2)">');
    await expect(page.getByTestId("preview-home.hero.title")).toHaveText("Eerste titel");
    await editor.getByRole("button", { name: "Opslaan" }).click();
    await expect(toast(page, /Tekst bewaard/)).toBeVisible();

    await field.fill("Jouw licht, *jouw* tempo");
    await expect(page.getByTestId("preview-home.hero.title").locator("em")).toHaveText("jouw");
    await editor.getByRole("button", { name: "Opslaan" }).click();
    await expect(toast(page, /Tekst bewaard/).last()).toBeVisible();
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await expectNoAxeViolations(page);
    }

    // The raw HTML as crawlers get it.
    const raw = await (await page.request.get("/")).text();
    expect(raw).toContain('data-block="home.hero.title">Jouw licht, <em>jouw</em> tempo</h1>');
    expect(raw).not.toContain("onerror");
    expect(raw).toContain('<script type="application/json" id="live-blocks">');

    // In the browser, with no hydration error on reload; axe on the edited page.
    const errors = collectConsoleErrors(page);
    await page.goto("/");
    await waitForHydration(page);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Jouw licht, jouw tempo");
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);

    // History: the earlier title comes back.
    await page.goto("/admin/paginas?pagina=%2F");
    await waitForAdminPage(page);
    await editor.getByRole("button", { name: "Vorige versies" }).click();
    const versions = editor.getByRole("list", { name: /Vorige versies/ });
    await expect(versions.getByRole("listitem")).toHaveCount(2);
    await versions.getByRole("listitem").filter({ hasText: "Eerste titel" }).getByRole("button", { name: /Zet de versie/ }).click();
    await expect(toast(page, /vorige versie staat terug/)).toBeVisible();
    await expect(field).toHaveValue(/^Eerste titel/);
    const restored = await (await page.request.get("/")).text();
    expect(restored).toContain('data-block="home.hero.title">Eerste titel</h1>');
  } finally {
    // Back to the spec's words for the other tests.
    await page.goto("/admin/paginas?pagina=%2F");
    await waitForAdminPage(page);
    const reset = editor.getByRole("button", { name: "Terug naar standaardtekst" });
    if (await reset.isEnabled()) {
      await reset.click();
      await page.getByRole("button", { name: "Standaardtekst terugzetten" }).click();
      await expect(toast(page, /standaardtekst staat terug/)).toBeVisible();
    }
  }
  const after = await (await page.request.get("/")).text();
  expect(after).toContain(`data-block="home.hero.title">${DEFAULT_TITLE}</h1>`);
});

test("Home's ~90 texts open per part: its own top part first, the others on a click or a search", async ({ page }) => {
  await signInViaApi(page);
  await page.goto("/admin/paginas?pagina=%2F");
  await waitForAdminPage(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("textbox", { name: "Titel · Bovenaan", exact: true })).toBeVisible();
  // A shut part mounts no editors.
  const footer = main.getByRole("button", { name: /^Onderaan elke pagina/ });
  await expect(footer).toHaveAttribute("aria-expanded", "false");
  expect(await main.getByRole("textbox").count()).toBeLessThan(30);
  await footer.click();
  await expect(footer).toHaveAttribute("aria-expanded", "true");
  await expect(main.getByRole("textbox", { name: /· Onderaan elke pagina$/ }).first()).toBeVisible();
  await footer.click();
  await expect(main.getByRole("textbox", { name: /· Onderaan elke pagina$/ })).toHaveCount(0);
  // A search opens the parts with a match, and only those texts.
  await page.getByRole("searchbox", { name: "Zoek een tekst op deze pagina" }).fill("Log in Platform");
  await expect(main.getByRole("textbox", { name: "Knop ‘Log in Platform’ · Bovenaan elke pagina" })).toBeVisible();
  await expect(main.getByRole("textbox", { name: "Titel · Bovenaan", exact: true })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Zoek een tekst op deze pagina" }).fill("");
  await expectNoAxeViolations(page);
  await main.getByRole("button", { name: "Open alle delen" }).click();
  await expect(main.getByRole("textbox", { name: /· Onderaan elke pagina$/ }).first()).toBeVisible();
  expect(await main.getByRole("textbox").count()).toBeGreaterThan(80);
});

test("a rich block with a heading, a list and a link hydrates as the server sent it; the SEO title follows", async ({ page }) => {
  const session = await signInViaApi(page);
  const headers = bearer(session);
  const story = "/api/admin/page-texts/over-mij.story";
  const seoTitle = "/api/admin/page-texts/seo.over-mij.title";
  try {
    const saved = await page.request.put(story, {
      headers,
      data: { markdown: "## Mijn verhaal\n\nIk werk **mild** en [eerlijk](/contact).\n\n- Eerlijk\n- Mild" },
    });
    expect(saved.status()).toBe(200);
    expect((await page.request.put(seoTitle, { headers, data: { markdown: "Over Lien & haar werk" } })).status()).toBe(200);

    const raw = await (await page.request.get("/over-mij")).text();
    expect(raw).toContain("<title>Over Lien &amp; haar werk</title>");
    expect(raw).toContain('<h2>Mijn verhaal</h2>\n<p>Ik werk <strong>mild</strong> en <a href="/contact">eerlijk</a>.</p>');

    const errors = collectConsoleErrors(page);
    await page.goto("/over-mij");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 2, name: "Mijn verhaal" })).toBeVisible();
    await expect(page.locator("main").getByRole("listitem").filter({ hasText: "Mild" })).toBeVisible();
    await expect(page).toHaveTitle("Over Lien & haar werk");
    // A client-side visit to another page and back keeps the saved texts.
    await page.goto("/");
    await waitForHydration(page);
    await page.locator("main").getByRole("link", { name: "Meer over mij" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Mijn verhaal" })).toBeVisible();
    await expect(page).toHaveTitle("Over Lien & haar werk");
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  } finally {
    await page.request.delete(story, { headers });
    await page.request.delete(seoTitle, { headers });
  }
  expect(await (await page.request.get("/over-mij")).text()).toContain("Hallo, ik ben");
});

test("the coach renames a way to meet on the intro call page: the raw HTML and the hydrated page show it", async ({
  page,
}) => {
  test.slow(); // admin editor, raw fetches and reloads on a shared machine
  const session = await signInViaApi(page);
  const key = "gratis-kennismakingsgesprek.ways.video.title";
  try {
    await page.goto(`/admin/paginas?pagina=${encodeURIComponent("/gratis-kennismakingsgesprek")}`);
    await waitForAdminPage(page);
    const field = page.getByRole("textbox", { name: "Video: titel · Kies wat bij je past", exact: true });
    await expect(field).toHaveValue("Via video");
    await field.fill("Via *beeldbellen*");
    await page.locator("section").filter({ has: field }).getByRole("button", { name: "Opslaan" }).click();
    await expect(toast(page, /Tekst bewaard/)).toBeVisible();

    const raw = await (await page.request.get("/gratis-kennismakingsgesprek")).text();
    expect(raw).toContain(`data-block="${key}">Via <em>beeldbellen</em></h3>`);

    const errors = collectConsoleErrors(page);
    await page.goto("/gratis-kennismakingsgesprek");
    await waitForHydration(page);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 3, name: "Via beeldbellen" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Telefonisch" })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await page.request.delete(`/api/admin/page-texts/${key}`, { headers: bearer(session) });
  }
  expect(await (await page.request.get("/gratis-kennismakingsgesprek")).text()).toContain(`data-block="${key}">Via video</h3>`);
});

test("a home step's saved title names its “Lees meer” link, and the 404 page's title is the coach's", async ({ page }) => {
  const session = await signInViaApi(page);
  const headers = bearer(session);
  const step = "/api/admin/page-texts/home.steps.1.title";
  const notFound = "/api/admin/page-texts/404.title";
  try {
    expect((await page.request.put(step, { headers, data: { markdown: "Kijk eerlijk" } })).status()).toBe(200);
    expect((await page.request.put(notFound, { headers, data: { markdown: "Deze pagina is zoek" } })).status()).toBe(200);

    const errors = collectConsoleErrors(page);
    await page.goto("/");
    await waitForHydration(page);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 3, name: "Stap 1: Kijk eerlijk" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Lees meer over Kijk eerlijk", exact: true })).toHaveAttribute("href", "/wees-eerlijk");
    await expect(main.getByRole("link", { name: "Lees meer over Begrijp jezelf", exact: true })).toHaveAttribute("href", "/begrijp-jezelf");
    expect(errors).toEqual([]);

    const res = await page.request.get("/bestaat-niet");
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('data-block="404.title">Deze pagina is zoek</h1>');
    await page.goto("/bestaat-niet");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deze pagina is zoek");
    // The 404 answer itself and the page's log of the missing path are expected; nothing else (no hydration error).
    const expected = [/^Failed to load resource: .* 404/, /^404 Error: User attempted to access non-existent route/];
    expect(errors.filter((e) => !expected.some((re) => re.test(e)))).toEqual([]);
  } finally {
    await page.request.delete(step, { headers });
    await page.request.delete(notFound, { headers });
  }
});

test("a saved label in a course's price box survives the live price replacing the built one", async ({ page }) => {
  const session = await signInViaApi(page);
  const headers = bearer(session);
  const button = "/api/admin/page-texts/spiegelgevecht.offer.button";
  try {
    expect((await page.request.put(button, { headers, data: { markdown: "Start de cursus" } })).status()).toBe(200);
    const errors = collectConsoleErrors(page);
    const livePrice = page.waitForResponse((r) => r.url().endsWith("/api/products/spiegelgevecht") && r.ok());
    await page.goto("/begrijp-jezelf/spiegelgevecht");
    await waitForHydration(page);
    await livePrice;
    // The price box rendered again with the live price; the saved label stayed.
    const offer = page.getByRole("region", { name: /^Prijs van/ });
    await expect(offer.getByRole("link", { name: "Start de cursus" })).toHaveAttribute("href", /checkout/);
    expect(errors.filter((e) => !e.includes("/api/"))).toEqual([]);
  } finally {
    await page.request.delete(button, { headers });
  }
});

test("every block the server lists has a Dutch name in Pagina's: no key word is shown as it is", async ({ page }) => {
  const headers = bearer(await signInViaApi(page));
  const res = await page.request.get("/api/admin/page-texts", { headers });
  expect(res.status()).toBe(200);
  const pages = (await res.json()) as PageTexts[];
  const blocks = pages.flatMap((p) => p.blocks.map((b) => ({ route: p.route, key: b.key })));
  expect(blocks.length).toBeGreaterThan(200);
  const unnamed = blocks.flatMap(({ route, key }) => {
    const words = unnamedWords(key, route);
    return words.length > 0 ? [`${key} on ${route}: ${words.join(", ")} → ${blockLabel(key, route)}`] : [];
  });
  expect(unnamed).toEqual([]);
  // The checkout's form waits for the query string in the browser, yet its words are hers too.
  const checkout = blocks.filter((b) => b.route === "/checkout").map((b) => b.key);
  expect(checkout).toEqual(expect.arrayContaining(["checkout.choose", "checkout.errors.email"]));
  // As she reads it: the review form's greeting (once "Hello") found by its Dutch name.
  await page.goto("/admin/paginas?pagina=%2Fervaring-delen&zoek=Begroeting");
  await waitForAdminPage(page);
  await expect(page.getByRole("main").getByRole("textbox", { name: "Begroeting · Formulier", exact: true })).toBeVisible();
});
