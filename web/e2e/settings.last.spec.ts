import { expect, test, type Page } from "@playwright/test";
import { admin, signInViaApi, toast, waitForAdminPage } from "./admin-helpers";
import { addressedTo, collectConsoleErrors, expectNoAxeViolations, readMails, site, waitForHydration } from "./helpers";

// One server for the whole suite: her details change and are put back within a test. They show on
// every page, and another spec saving Instellingen meanwhile (selftest.spec) would put back the
// details it had read: so this spec runs after all others (*.last.spec.ts), its tests in turn.
test.describe.configure({ mode: "serial" });

function jsonLd(html: string): Record<string, unknown>[] {
  return [
    ...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs),
  ].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

async function saveDetails(page: Page, phone: string, street: string) {
  await page.goto("/admin/instellingen");
  await waitForAdminPage(page);
  await page.getByLabel("Telefoonnummer").fill(phone);
  await page.getByLabel("Straat en huisnummer").fill(street);
  await page.getByRole("button", { name: "Gegevens opslaan" }).click();
  await expect(toast(page, /Gegevens opgeslagen/)).toBeVisible();
}

test("the coach changes her phone number: footer, contact page and JSON-LD show it, hydration stays clean", async ({
  page,
}) => {
  test.slow(); // admin form, several pages and raw fetches on a shared machine
  await signInViaApi(page);
  await page.goto("/admin/instellingen");
  await waitForAdminPage(page);

  // A bad value gets the server's Dutch message next to its field.
  await page.getByLabel("Telefoonnummer").fill("bel me");
  await page.getByRole("button", { name: "Gegevens opslaan" }).click();
  await expect(page.getByLabel("Telefoonnummer")).toHaveAccessibleDescription(
    /Vul een geldig telefoonnummer in/,
  );
  await expect(page.getByLabel("Telefoonnummer")).toBeFocused();

  const phone = "0491 23 45 67";
  const street = "Kerkstraat 7";
  try {
    await saveDetails(page, phone, street);

    // The raw HTML as crawlers get it.
    const raw = await (await page.request.get("/contact")).text();
    expect(raw).toContain(`<span data-live="phone">${phone}</span>`);
    expect(raw).toContain('href="tel:0491234567"');
    expect(raw).not.toContain(site.contact.phone);
    const home = await (await page.request.get("/")).text();
    expect(jsonLd(home).some((d) => d.telephone === phone)).toBe(true);
    expect(jsonLd(home).some((d) => d.telephone === site.contact.phone)).toBe(
      false,
    );

    // In the browser: footer and contact page, with no hydration error on reload.
    const errors = collectConsoleErrors(page);
    await page.goto("/contact");
    await waitForHydration(page);
    await page.reload();
    await waitForHydration(page);
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: phone })).toHaveAttribute(
      "href",
      "tel:0491234567",
    );
    await expect(
      page.locator("main").getByRole("link", { name: phone }),
    ).toBeVisible();
    await page.goto("/");
    await waitForHydration(page);
    await expect(
      page.locator("footer").getByRole("link", { name: phone }),
    ).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await saveDetails(page, site.contact.phone, site.contact.street);
  }
});

async function saveNames(page: Page, brand: string, coachName: string, city: string) {
  await page.goto("/admin/instellingen");
  await waitForAdminPage(page);
  await page.getByLabel("Naam van je zaak").fill(brand);
  await page.getByLabel("Je naam").fill(coachName);
  await page.getByLabel("Gemeente").fill(city);
  await page.getByRole("button", { name: "Gegevens opslaan" }).click();
  await expect(toast(page, /Gegevens opgeslagen/)).toBeVisible();
}

/** The JSON-LD the browser has in the head now (after a client navigation: React's). */
async function headJsonLd(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() =>
    [...document.head.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? "null") as Record<string, unknown>,
    ),
  );
}

test("the coach renames her practice, herself and her city: header, footer, sentences, title and JSON-LD follow, hydration stays clean", async ({
  page,
}) => {
  test.slow();
  await signInViaApi(page);
  const [brand, coachName, city] = ["Praktijk Lumen", "An Peeters", "Lier"];
  try {
    await saveNames(page, brand, coachName, city);

    const raw = await (await page.request.get("/over-mij")).text();
    expect(raw).toContain(`<title>Over mij | ${brand}</title>`);
    expect(jsonLd(raw).find((d) => d["@type"] === "Organization")).toMatchObject({
      name: brand,
      founder: { name: coachName },
    });

    const errors = collectConsoleErrors(page);
    await page.goto("/over-mij");
    await waitForHydration(page);
    await page.reload();
    await waitForHydration(page);
    const header = page.locator("header");
    const footer = page.locator("footer");
    const main = page.locator("main");
    await expect(header.getByRole("link", { name: `${brand} – naar de startpagina` })).toBeVisible();
    await expect(footer).toContainText(`${brand}. Alle rechten voorbehouden.`);
    await expect(footer.locator("address")).toContainText(city);
    await expect(main.getByRole("heading", { name: `Hallo, ik ben ${coachName}` })).toBeVisible();
    await expect(main).toContainText(`Met ${brand} wil ik een plek bieden`);
    await expect(main.getByRole("img", { name: `Portret van ${coachName}` })).toBeVisible();
    await expect(page).toHaveTitle(`Over mij | ${brand}`);
    for (const part of [header, footer, main]) {
      await expect(part).not.toContainText(site.brand);
      await expect(part).not.toContainText(site.coach.name);
    }
    // The tagline in header and footer is her own sentence: it keeps the city she wrote in it.
    await expect(main).not.toContainText(site.contact.city);
    await expect(footer.locator("address")).not.toContainText(site.contact.city);

    // To the home page in the browser: React makes the head and the page with the saved values.
    await header.getByRole("link", { name: `${brand} – naar de startpagina` }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: `Waarom ‘${brand}’?` })).toBeVisible();
    await expect(page.getByRole("link", { name: `Maak kennis met ${coachName.split(" ")[0]}` })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`\\| ${brand}$`));
    const organization = (await headJsonLd(page)).find((d) => d["@type"] === "Organization");
    expect(organization).toMatchObject({
      name: brand,
      founder: { name: coachName },
      address: { addressLocality: city },
    });
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator("#coach")).toContainText(`In mijn praktijk in ${city}`);
    expect(errors).toEqual([]);
  } finally {
    await saveNames(page, site.brand, site.coach.name, site.contact.city);
  }
});

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test(`Instellingen has no axe violations at ${viewport.name} width`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInViaApi(page);
    await page.goto("/admin/instellingen");
    await waitForAdminPage(page);
    await expect(page.getByLabel("Naam van je zaak")).toHaveValue(site.brand);
    await expectNoAxeViolations(page);
  });
}

test("the dashboard's go-live checklist links to each fix, sends a test mail and keeps the legal tick; sample banner on every admin page", async ({
  page,
}) => {
  test.slow();
  await signInViaApi(page);
  await page.goto("/admin/dashboard");
  await waitForAdminPage(page);
  const banner = page
    .getByRole("status")
    .filter({ hasText: "voorbeeldgegevens" });
  await expect(banner).toBeVisible();
  const checklist = page.getByRole("region", {
    name: "Klaar om live te gaan?",
  });
  await expect(
    checklist.getByText("Geen voorbeeldgegevens meer"),
  ).toBeVisible();
  await expect(checklist.getByText(/^Echte betalingen/)).toBeVisible(); // not the question for her host below it
  await expect(
    checklist
      .getByRole("listitem")
      .filter({ hasText: "Geen voorbeeldgegevens meer" })
      .getByRole("link", { name: "Aanpassen" }),
  ).toHaveAttribute("href", "/admin/instellingen");

  // The test mail: sent, then confirmed with the link in it.
  const testMailLine = checklist
    .getByRole("listitem")
    .filter({ hasText: "De testmail kwam aan" });
  const mailsBefore = new Set(readMails().map((m) => m.file));
  await checklist
    .getByRole("button", { name: "Stuur mij een testmail" })
    .click();
  await expect(
    toast(page, "Testmail verstuurd naar je eigen adres"),
  ).toBeVisible();
  await expect(testMailLine).toContainText("verstuurd, nog niet bevestigd");
  await expect(testMailLine).toContainText("(nog te doen)");
  let testMail = "";
  await expect
    .poll(
      () =>
        (testMail =
          readMails().find(
            (m) =>
              !mailsBefore.has(m.file) &&
              m.text.includes("Testmail van") &&
              addressedTo(m.text, admin.email),
          )?.text ?? ""),
      { timeout: 10_000 },
    )
    .not.toBe("");
  const link = /Ik heb deze mail ontvangen: (\S+)/.exec(testMail)?.[1];
  expect(link).toBeTruthy();
  const confirmPage = await page.context().newPage();
  await confirmPage.goto(link!);
  await expect(
    confirmPage.getByRole("heading", { name: "Je testmail kwam aan" }),
  ).toBeVisible();
  await expectNoAxeViolations(confirmPage);
  // The link works once.
  await confirmPage.reload();
  await expect(confirmPage.getByRole("alert")).toContainText("al gebruikt");
  await confirmPage.close();
  await page.reload();
  await waitForAdminPage(page);
  await expect(testMailLine).toContainText("Je bevestigde dat je testmail aankwam.");
  await expect(testMailLine).toContainText("(in orde)");

  const tick = checklist.getByLabel(
    /privacyverklaring en de algemene voorwaarden nagelezen/,
  );
  await tick.click(); // saved first, then shown ticked
  await expect(tick).toBeChecked();
  await page.reload();
  await waitForAdminPage(page);
  await expect(
    page.getByLabel(/privacyverklaring en de algemene voorwaarden nagelezen/),
  ).toBeChecked();
  await expectNoAxeViolations(page);

  // The banner is on the other admin pages too and leads to Instellingen.
  await page.goto("/admin/reviews");
  await waitForAdminPage(page);
  await banner.getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/instellingen$/);
});

test("the coach uploads her own logo: a bad file is refused in Dutch, header and footer show hers, the default comes back", async ({
  page,
}) => {
  test.slow(); // an upload, raw fetches and page loads on a shared machine
  const session = await signInViaApi(page);
  const headers = { Authorization: `Bearer ${session.access_token}` };
  try {
    await page.goto("/admin/instellingen");
    await waitForAdminPage(page);
    const card = page.getByRole("region", { name: "Logo" });
    await expect(card.getByText("Het standaardlogo (de zon).")).toBeVisible();
    const file = card.getByLabel("Nieuw logo");
    await file.setInputFiles({
      name: "logo.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'),
    });
    await card.getByRole("button", { name: "Logo opladen" }).click();
    await expect(card.getByText(/Een SVG-bestand kunnen we niet gebruiken/)).toBeVisible();

    // A wide PNG with a transparent background, drawn in the browser.
    const base64 = await page.evaluate(async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 400;
      canvas.height = 200;
      const g = canvas.getContext("2d")!;
      g.fillStyle = "#1f6f6a";
      g.beginPath();
      g.arc(100, 100, 80, 0, 2 * Math.PI);
      g.fill();
      g.fillRect(200, 60, 180, 80);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      return btoa(String.fromCharCode(...bytes));
    });
    await file.setInputFiles({ name: "mijn-logo.png", mimeType: "image/png", buffer: Buffer.from(base64, "base64") });
    await card.getByRole("button", { name: "Logo opladen" }).click();
    await expect(toast(page, /Logo opgeslagen/)).toBeVisible();
    await expect(card.getByText("Je eigen logo.")).toBeVisible();
    // Instellingen with her logo: no axe violation, no sideways scroll on a phone or a desktop.
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `width ${width}`).toBeLessThanOrEqual(width);
    }

    // The raw page and the hydrated one: her logo in the header and the footer, no hydration error.
    await expect(async () => {
      const raw = await (await page.request.get("/")).text();
      expect(raw.match(/data-media-slot="logo"[^>]*><picture>/g) ?? []).toHaveLength(2);
    }).toPass();
    const errors = collectConsoleErrors(page);
    await page.goto("/");
    await waitForHydration(page);
    for (const place of ["banner", "contentinfo"] as const) {
      await expect(page.getByRole(place).locator('[data-media-slot="logo"] img')).toHaveAttribute("src", /^\/media\/.+\.jpg$/);
    }
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);

    // Back to the sun.
    await page.goto("/admin/instellingen");
    await waitForAdminPage(page);
    await card.getByRole("button", { name: "Standaardlogo terugzetten" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Standaardlogo terugzetten" }).click();
    await expect(toast(page, /standaardlogo staat terug/)).toBeVisible();
    await expect(card.getByText("Het standaardlogo (de zon).")).toBeVisible();
    await expect(async () => {
      const raw = await (await page.request.get("/")).text();
      expect(raw).not.toMatch(/data-media-slot="logo"[^>]*><picture>/);
      expect(raw).toContain('src="/images/logo.svg"');
    }).toPass();
  } finally {
    await page.request.put("/api/admin/media/slots/logo", { headers, data: { media_id: null } });
  }
});
