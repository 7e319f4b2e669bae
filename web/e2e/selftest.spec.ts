import { expect, test, type Page } from "@playwright/test";
import { signInViaApi, toast, waitForAdminPage } from "./admin-helpers";
import { checkoutForm, fillCheckout, mailTo, payOnSimulatedPage } from "./checkout-helpers";
import { expectNoAxeViolations, uniqueEmail, waitForHydration } from "./helpers";

// Her own self-test (issue 25), end to end in Chromium: she builds a test of 6 questions, 2 themes
// and 3 profiles in Beheer and publishes it; a visitor on a phone takes it with the keyboard only,
// gets her profile and the chart, asks for the result by mail and confirms it; the coupon in that
// mail works once at checkout; the result is on her timeline in Personen until she is erased; a
// new version leaves an earlier result with its own profile. The test is one per site, so the
// steps run in order.
test.describe.configure({ mode: "serial" });

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const PRODUCT = { slug: "spiegelgevecht", name: "Het Spiegelgevecht", price: "€ 19,00", discounted: "€ 15,20" };
const HIGH_TITLE = "Je kijkt al mild naar jezelf";
const HIGH_TITLE_V2 = "Je kijkt al heel mild naar jezelf";

/** What the steps hand on to each other. */
const state: { version: number; visitor: string; resultUrl: string; coupon: string; earlierToken: string } = {
  version: 0,
  visitor: uniqueEmail("zelftest"),
  resultUrl: "",
  coupon: "",
  earlierToken: "",
};

/** Removes everything of the draft through the editor's own buttons (the demo has a sample test). */
async function clearDraft(page: Page) {
  const removeFirst = async (name: RegExp) => {
    for (let i = 0; i < 60; i += 1) {
      const button = page.getByRole("button", { name }).first();
      if ((await button.count()) === 0) return;
      await button.click();
    }
  };
  await removeFirst(/^Verwijder vraag \d+$/);
  await removeFirst(/^Verwijder profiel \d+$/);
  await removeFirst(/^Verwijder thema /);
}

/** Sets the points of every answer of question `q` (1-based) for both themes. */
async function setPoints(page: Page, q: number, theme: string, points: number[]) {
  for (const [i, p] of points.entries()) {
    await page.getByRole("spinbutton", { name: `Punten ${theme}, antwoord ${i + 1} van vraag ${q}` }).fill(String(p));
  }
}

/** Tab (forward) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>) {
  for (let i = 0; i < 8; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

async function publishAndReadVersion(page: Page): Promise<number> {
  await page.getByRole("button", { name: "Publiceren" }).click();
  const shown = toast(page, /^Versie \d+ staat online$/);
  await expect(shown).toBeVisible({ timeout: 15_000 });
  return Number((await shown.innerText()).match(/\d+/)![0]);
}

test("the coach builds a test of 6 questions, 2 themes and 3 profiles, previews it and publishes it", async ({ page }) => {
  test.slow();
  await page.setViewportSize(desktop);
  await signInViaApi(page);
  await page.goto("/admin/dashboard");
  await waitForAdminPage(page);
  // In the menu under Site, beside her other texts.
  const menu = page.getByRole("navigation", { name: "Beheermenu" });
  await menu.getByRole("button", { name: "Site" }).click();
  await menu.getByRole("link", { name: "Zelftest" }).click();
  await expect(page).toHaveURL("/admin/zelftest");
  await expect(page.getByRole("heading", { level: 1, name: "Zelftest" })).toBeVisible();
  await expect(page.getByLabel("Titel van de test", { exact: true })).toBeVisible();
  await clearDraft(page);

  await page.getByLabel("Titel van de test", { exact: true }).fill("Hoe eerlijk kijk jij naar jezelf?");
  await page.getByLabel("Inleiding", { exact: true }).fill("Zes korte uitspraken. Antwoord zoals het **nu** is.");
  for (const name of ["Zelfbeeld", "Grenzen"]) {
    await page.getByLabel("Nieuw thema", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Thema toevoegen" }).click();
  }
  await expect(page.getByLabel("Sleutel van thema 1", { exact: true })).toHaveValue("zelfbeeld");
  await expect(page.getByLabel("Sleutel van thema 2", { exact: true })).toHaveValue("grenzen");

  const statements = [
    "Ik ben tevreden over wie ik ben.",
    "Ik mag fouten maken.",
    "Ik kijk graag in de spiegel.",
    "Ik zeg makkelijk nee.",
    "Ik voel wanneer iets te veel wordt.",
    "Ik vraag hulp als ik ze nodig heb.",
  ];
  for (const [i, text] of statements.entries()) {
    await page.getByRole("button", { name: "Vraag toevoegen" }).click();
    await page.getByLabel(`Tekst van vraag ${i + 1}`, { exact: true }).fill(text);
    // The five-point scale preset: five answers, 0 to 4 points for the first theme.
    await expect(page.getByLabel(`Antwoord 5 van vraag ${i + 1}`, { exact: true })).toHaveValue("Helemaal akkoord");
    if (i >= 3) {
      await setPoints(page, i + 1, "Zelfbeeld", [0, 0, 0, 0, 0]);
      await setPoints(page, i + 1, "Grenzen", [0, 1, 2, 3, 4]);
    }
  }

  const profiles = [
    { theme: "Zelfbeeld", min: "0", max: "50", title: "Je bent streng voor jezelf", step: "intro_call" },
    { theme: "Zelfbeeld", min: "51", max: "100", title: HIGH_TITLE, step: "product" },
    { theme: "Grenzen", min: "0", max: "100", title: "Je grenzen verdienen aandacht", step: "page" },
  ];
  for (const [i, p] of profiles.entries()) {
    const n = i + 1;
    await page.getByRole("button", { name: "Profiel toevoegen" }).click();
    await page.getByLabel(`Thema van profiel ${n}`, { exact: true }).selectOption({ label: p.theme });
    await page.getByLabel(`Vanaf (%) profiel ${n}`, { exact: true }).fill(p.min);
    await page.getByLabel(`Tot en met (%) profiel ${n}`, { exact: true }).fill(p.max);
    await page.getByLabel(`Titel van profiel ${n}`, { exact: true }).fill(p.title);
    await page.getByLabel(`Tekst van profiel ${n}`, { exact: true }).fill(`Over ${p.title.toLowerCase()}.\n\nNeem er rustig de tijd voor.`);
    await page.getByLabel(`Volgende stap van profiel ${n}`, { exact: true }).selectOption(p.step);
    if (p.step === "product") {
      await page.getByLabel(`Aanbod van profiel ${n}`, { exact: true }).selectOption({ label: PRODUCT.name });
      await page.getByLabel(`Tekst van de knop, profiel ${n}`, { exact: true }).fill("Boek Het Spiegelgevecht");
      await page.getByRole("checkbox", { name: /persoonlijke coupon/ }).check();
      await page.getByLabel(`Korting (%) profiel ${n}`, { exact: true }).fill("20");
      await page.getByLabel(`Geldig (dagen) profiel ${n}`, { exact: true }).fill("30");
    }
    if (p.step === "page") {
      await page.getByLabel(`Pagina van profiel ${n}`, { exact: true }).fill("/begrijp-jezelf");
      await page.getByLabel(`Tekst van de knop, profiel ${n}`, { exact: true }).fill("Lees over stap 2");
    }
  }
  await expect(page.getByText("Nog zonder profiel:")).toHaveCount(0);

  // A gap is refused at publish, with the server's Dutch list of what to fix.
  await page.getByLabel("Tot en met (%) profiel 1", { exact: true }).fill("40");
  await page.getByRole("button", { name: "Publiceren" }).click();
  const problems = page.getByRole("alert").filter({ hasText: "Nog aan te passen voor je publiceert:" });
  await expect(problems).toBeVisible();
  await expect(problems).toContainText(/41/);
  await page.getByLabel("Tot en met (%) profiel 1", { exact: true }).fill("50");

  // The preview runs the visitor's test on the draft, scored by the server.
  await page.getByRole("button", { name: "Bekijk als bezoeker" }).click();
  const preview = page.getByRole("region", { name: /^Voorbeeld/ });
  await preview.getByRole("button", { name: "Start de test" }).click();
  for (let i = 0; i < 6; i += 1) {
    await preview.getByRole("radio", { name: i < 3 ? "Helemaal akkoord" : "Helemaal niet akkoord" }).check();
    await preview.getByRole("button", { name: i < 5 ? "Volgende" : "Bekijk mijn resultaat" }).click();
  }
  await expect(preview.getByRole("heading", { name: HIGH_TITLE })).toBeVisible();
  await preview.getByRole("button", { name: "Voorbeeld sluiten" }).click();

  state.version = await publishAndReadVersion(page);
  const versions = page.getByRole("region", { name: "Gepubliceerde versies" });
  await expect(versions.getByText(`Versie ${state.version}`, { exact: true })).toBeVisible();
  await expect(versions.getByText(/0 resultaten/).first()).toBeVisible();

  // Her own test from "Doe de test": chosen in Instellingen.
  await page.goto("/admin/instellingen");
  await waitForAdminPage(page);
  await page.getByRole("checkbox", { name: /eigen zelftest/i }).check();
  await page.getByRole("button", { name: "Gegevens opslaan" }).click();
  await expect(toast(page, /Gegevens opgeslagen/)).toBeVisible();
});

test("a visitor on a phone takes the test with the keyboard only and gets her profile and the chart", async ({ page }) => {
  test.slow();
  await page.setViewportSize(phone);
  // "Doe de test" leads to her own test in the same tab, also before any script ran.
  await expect
    .poll(async () => {
      const html = await (await page.request.get("/wees-eerlijk")).text();
      return /<a[^>]*data-live-href="quizUrl"[^>]*>/.exec(html)?.[0] ?? "";
    }, { timeout: 10_000 })
    .toContain('href="/wees-eerlijk/zelftest"');
  const built = await (await page.request.get("/wees-eerlijk")).text();
  expect(/<a[^>]*data-live-href="quizUrl"[^>]*>/.exec(built)![0]).not.toContain("_blank");

  await page.goto("/wees-eerlijk");
  await waitForHydration(page);
  const start = page.getByRole("main").getByRole("link", { name: "Start de zelftest" });
  await expect(start).not.toHaveAttribute("target", "_blank");
  await start.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/wees-eerlijk/zelftest");
  await waitForHydration(page);

  const begin = page.getByRole("button", { name: "Start de test" });
  await expect(begin).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize(desktop);
  await expectNoAxeViolations(page);
  await page.setViewportSize(phone);
  await begin.focus();
  await page.keyboard.press("Enter");

  for (let i = 0; i < 6; i += 1) {
    const heading = page.getByRole("heading", { level: 2, name: /^Ik / });
    await expect(heading).toBeFocused();
    await expect(page.getByText(`Vraag ${i + 1} van 6`)).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(i + 1));
    const group = page.getByRole("group", { name: /^Ik / });
    await expect(group.getByRole("radio")).toHaveCount(5);
    if (i === 1) {
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    }
    // Into the group: the first answer; the last one with the arrow up (it wraps round).
    await page.keyboard.press("Tab");
    if (i < 3) {
      await page.keyboard.press("ArrowUp");
      await expect(group.getByRole("radio", { name: "Helemaal akkoord" })).toBeChecked();
    } else {
      await page.keyboard.press("Space");
      await expect(group.getByRole("radio", { name: "Helemaal niet akkoord" })).toBeChecked();
    }
    if (i === 2) {
      // Back one question and forward again: the answer is still there.
      await tabTo(page, page.getByRole("button", { name: "Vorige" }));
      await page.keyboard.press("Enter");
      await expect(page.getByText("Vraag 2 van 6")).toBeVisible();
      await expect(page.getByRole("radio", { name: "Helemaal akkoord" })).toBeChecked();
      await tabTo(page, page.getByRole("button", { name: "Volgende" }));
      await page.keyboard.press("Enter");
      await expect(page.getByText("Vraag 3 van 6")).toBeVisible();
      await expect(page.getByRole("radio", { name: "Helemaal akkoord" })).toBeChecked();
    }
    await tabTo(page, page.getByRole("button", { name: i < 5 ? "Volgende" : "Bekijk mijn resultaat" }));
    // No account, no cookie: the answers wait in this tab only.
    expect(await page.context().cookies()).toEqual([]);
    await page.keyboard.press("Enter");
  }

  await expect(page).toHaveURL(/\/wees-eerlijk\/zelftest\/resultaat\?token=/);
  state.resultUrl = new URL(page.url()).pathname + new URL(page.url()).search;
  expect(await page.evaluate(() => sessionStorage.getItem("inlumine.zelftest"))).toBeNull();
  await expect(page.getByRole("heading", { level: 2, name: HIGH_TITLE })).toBeVisible();
  await expect(page.getByRole("link", { name: "Boek Het Spiegelgevecht" })).toHaveAttribute("href", /spiegelgevecht/);
  await expect(page.getByRole("img", { name: "Je scores per thema: Zelfbeeld 100%, Grenzen 0%" })).toBeVisible();
  await expect(page.getByRole("table")).toContainText("Zelfbeeld");
  await expect(page.getByRole("heading", { name: "Je grenzen verdienen aandacht" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize(desktop);
  await expectNoAxeViolations(page);
  await page.setViewportSize(phone);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  // By mail: the address only, the newsletter a separate box that is not ticked.
  const form = page.getByRole("region", { name: "Je resultaat in je mailbox" });
  const newsletter = form.getByRole("checkbox", { name: /nieuwsbrief/ });
  await expect(newsletter).not.toBeChecked();
  await form.getByLabel("E-mailadres", { exact: true }).focus();
  await page.keyboard.type(state.visitor);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(newsletter).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(form.getByRole("status")).toBeVisible();

  // The first mail holds the link only, no word of the result.
  const confirmation = await mailTo(state.visitor, "/wees-eerlijk/zelftest/bevestigen?token=");
  expect(confirmation).not.toContain(HIGH_TITLE);
  const link = confirmation.match(/https?:\/\/[^\s"<>]*\/wees-eerlijk\/zelftest\/bevestigen\?token=[\w-]+/)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Je adres is bevestigd" })).toBeVisible();
  await page.getByRole("link", { name: "Bekijk je resultaat" }).click();
  await expect(page.getByRole("heading", { level: 2, name: HIGH_TITLE })).toBeVisible();
  await expect(page.getByText("Je resultaat is naar je gemaild.")).toBeVisible();

  // Then the result itself, with her personal coupon.
  const result = await mailTo(state.visitor, HIGH_TITLE);
  const code = result.match(/Je persoonlijke kortingscode: ([A-Z0-9][A-Z0-9-]+)/)?.[1];
  expect(code, result).toBeTruthy();
  state.coupon = code!;
});

test("the coupon of the result mail works once at checkout for the recommended product", async ({ page }) => {
  test.slow();
  const buy = async (email: string) => {
    await page.goto(`/checkout?product=${PRODUCT.slug}`);
    await waitForHydration(page);
    const f = checkoutForm(page);
    await fillCheckout(page, { firstName: "Zelf", lastName: "Test", email });
    await f.coupon.fill(state.coupon);
    await f.apply.click();
    return f;
  };
  const f = await buy(state.visitor);
  await expect(page.getByTestId("prijs-total")).toHaveText(PRODUCT.discounted);
  await f.submit.click();
  await payOnSimulatedPage(page, "Betalen", PRODUCT.discounted);
  await expect(page).toHaveURL(/\/payment-success\?order=/);

  // A second time it is refused with the server's reason.
  const again = await buy(uniqueEmail("tweede"));
  await expect(again.coupon).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("prijs-total")).toHaveText(PRODUCT.price);
});

test("the result is on the person's timeline in Personen, and erasure removes it", async ({ page }) => {
  await signInViaApi(page);
  await page.goto(`/admin/personen?email=${encodeURIComponent(state.visitor)}`);
  await waitForAdminPage(page);
  const person = page.getByRole("region", { name: `Gegevens van ${state.visitor}` });
  const timeline = person.getByRole("list", { name: `Tijdlijn van ${state.visitor}` });
  await expect(timeline.getByText(`Zelftest (versie ${state.version}): ${HIGH_TITLE}`, { exact: false }).first()).toBeVisible();

  await person.getByRole("button", { name: "Gegevens wissen" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Gegevens wissen" });
  await dialog.getByLabel("Typ het e-mailadres om te bevestigen", { exact: true }).fill(state.visitor);
  await dialog.getByRole("button", { name: "Definitief wissen" }).click();
  await expect(toast(page, "Gegevens gewist")).toBeVisible();
  await expect(person).toBeHidden();

  await page.goto(`/admin/personen?email=${encodeURIComponent(state.visitor)}`);
  await waitForAdminPage(page);
  await expect(page.getByText(/Zelftest \(versie/)).toHaveCount(0);
  // Her result is gone with her: its link finds nothing any more.
  const token = new URL(state.resultUrl, "http://x").searchParams.get("token")!;
  expect((await page.request.get(`/api/selftest/results/${token}`)).status()).toBe(404);
});

test("editing the published test makes the next version; an earlier result keeps its own profile", async ({ page }) => {
  test.slow();
  // A result of the current version, taken before the edit.
  const current = (await (await page.request.get("/api/selftest")).json()) as { version: number };
  expect(current.version).toBe(state.version);
  const taken = await page.request.post("/api/selftest/results", {
    data: { version: state.version, answers: [4, 4, 4, 0, 0, 0] },
  });
  expect(taken.status(), await taken.text()).toBe(201);
  state.earlierToken = ((await taken.json()) as { token: string }).token;

  await page.setViewportSize(phone);
  await signInViaApi(page);
  await page.goto("/admin/zelftest");
  await waitForAdminPage(page);
  await expect(page.getByLabel("Titel van profiel 2", { exact: true })).toHaveValue(HIGH_TITLE);
  await page.getByLabel("Titel van profiel 2", { exact: true }).fill(HIGH_TITLE_V2);
  const version = await publishAndReadVersion(page);
  expect(version).toBe(state.version + 1);
  const versions = page.getByRole("region", { name: "Gepubliceerde versies" });
  await expect(versions.getByText(`Versie ${version}`, { exact: true })).toBeVisible();
  await expect(versions.getByText(`Versie ${state.version}`, { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await expectNoAxeViolations(page);
  await page.setViewportSize(desktop);
  await expectNoAxeViolations(page);

  await page.goto(`/wees-eerlijk/zelftest/resultaat?token=${state.earlierToken}`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: HIGH_TITLE, exact: true })).toBeVisible();
  await expect(page.getByText(HIGH_TITLE_V2)).toHaveCount(0);
  // A new visitor gets the new version.
  const latest = (await (await page.request.get("/api/selftest")).json()) as { version: number };
  expect(latest.version).toBe(version);
});
