// Issue 27: the dashboard opens with what needs the coach today, and the admin menu is grouped
// by what she does, every page at most two clicks away, by mouse and by keyboard.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { bearer, buyAndPay, uniqueBuyer } from "./admin-commerce-helpers";
import { signInViaApi, uniqueName, waitForAdminPage, type StoredSession } from "./admin-helpers";
import { expectNoAxeViolations, uniqueEmail } from "./helpers";

/** The menu's groups and their pages, in order (the dashboard, "Vandaag", stands before them). */
const groups: [string, [string, string][]][] = [
  [
    "Verkoop",
    [
      ["Bezoekers", "/admin/bezoekers"],
      ["Bestellingen", "/admin/orders"],
      ["Facturen", "/admin/facturen"],
      ["Coupons", "/admin/coupons"],
    ],
  ],
  [
    "Agenda",
    [
      ["Vertelavonden en webinars", "/admin/tickets"],
      ["Zelfbeeld-events", "/admin/zelfbeeld-events"],
      ["Afspraken", "/admin/afspraken"],
      ["Beschikbaarheid", "/admin/beschikbaarheid"],
    ],
  ],
  [
    "Mensen",
    [
      ["Personen", "/admin/personen"],
      ["Berichten", "/admin/berichten"],
      ["Nieuwsbrief", "/admin/nieuwsbrief"],
      ["Reviews", "/admin/reviews"],
    ],
  ],
  [
    "Site",
    [
      ["Pagina's", "/admin/paginas"],
      ["Media", "/admin/media"],
      ["Zelftest", "/admin/zelftest"],
      ["Drempelvideo's", "/admin/drempel-videos"],
      ["Mails", "/admin/mails"],
    ],
  ],
  [
    "Instellingen",
    [
      ["Gegevens", "/admin/instellingen"],
      ["Meldingen", "/admin/meldingen"],
      ["Accounts", "/admin/accounts"],
    ],
  ],
];

const menu = (page: Page) => page.getByRole("navigation", { name: "Beheermenu" });
const link = (name: string) => ({ name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\']/g, "\\$&")}\\s*(,|$)`) });

function brusselsDate(d: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Brussels" }).format(d);
}

/**
 * Books an intro call later today: today's weekday is opened for the whole day without notice
 * for a moment, the first free slot booked, and her availability put back as it was. Close to
 * midnight no slot is left today; then tomorrow is opened too and its first slot booked, which the
 * list shows as well ("morgen om …"), so the test holds at any hour.
 */
async function bookCallToday(request: APIRequestContext, session: StoredSession, name: string) {
  const headers = bearer(session);
  const saved = (await (await request.get("/api/admin/availability", { headers })).json()) as {
    rules: { weekday: number }[];
    min_notice_hours: number;
  };
  const weekdayOf = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
  /** Opens these days whole, without notice; answers the first free slot of the first of them. */
  async function firstSlot(dates: string[]) {
    const opened = dates.map(weekdayOf);
    const open = await request.put("/api/admin/availability", {
      headers,
      data: {
        ...saved,
        min_notice_hours: 0,
        rules: [
          ...saved.rules.filter((r) => !opened.includes(r.weekday)),
          ...opened.map((weekday) => ({ weekday, start: "00:00", end: "24:00" })),
        ],
      },
    });
    expect(open.status(), await open.text()).toBe(200);
    const slots = (await (await request.get("/api/intro-calls/slots")).json()) as {
      days: { date: string; slots: { starts_at: string }[] }[];
    };
    return dates.map((date) => slots.days.find((d) => d.date === date)?.slots[0]?.starts_at).find(Boolean);
  }
  try {
    const today = brusselsDate(new Date());
    const slot = (await firstSlot([today])) ?? (await firstSlot([today, brusselsDate(new Date(Date.now() + 86_400_000))]));
    expect(slot, "a free slot later today or tomorrow").toBeTruthy();
    const booked = await request.post("/api/intro-calls", {
      data: { starts_at: slot, mode: "video", name, email: uniqueEmail("vandaag"), phone: null, question: null },
    });
    expect(booked.status(), await booked.text()).toBe(201);
  } finally {
    const restored = await request.put("/api/admin/availability", { headers, data: saved });
    expect(restored.status(), await restored.text()).toBe(200);
  }
}

test("the dashboard opens with a failed order, an unread message and a call today, in time order, each with its action", async ({
  page,
}) => {
  test.slow(); // a checkout, a booking and an axe scan on a shared machine
  await page.setViewportSize({ width: 1280, height: 800 });
  const session = await signInViaApi(page);

  const buyer = uniqueBuyer("Vandaag");
  await buyAndPay(page.request, { product: "spiegelgevecht", buyer, outcome: "failed" });
  const sender = uniqueName("Schrijver");
  const contact = await page.request.post("/api/contact", {
    data: {
      name: sender,
      email: uniqueEmail("bericht"),
      phone: "",
      subject: "coaching",
      message: "Dag Lien, ik wil graag weten hoe een traject eruitziet.",
      privacy_consent: true,
      website: "",
    },
  });
  expect(contact.status(), await contact.text()).toBe(200);
  const caller = uniqueName("Beller");
  await bookCallToday(page.request, session, caller);
  // The failed payment reaches the order through the (simulated) provider's webhook.
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get("/api/admin/today", { headers: bearer(session) })).json()))
    .toContain(buyer.last_name);

  await page.goto("/admin/dashboard");
  await waitForAdminPage(page);
  await expect(page.getByRole("heading", { level: 1, name: "Vandaag" })).toBeVisible();
  // What waits comes first on the page, before the checklist and the figures.
  const list = page.getByRole("list", { name: "Wat op je wacht" });
  const headings = await page.locator("main h2").allInnerTexts();
  expect(headings[0]).toBe("Wat op je wacht");

  // Other specs add lines to the same server: ours, picked by their unique names.
  const order = list.getByRole("listitem").filter({ hasText: buyer.last_name });
  const message = list.getByRole("listitem").filter({ hasText: sender });
  const call = list.getByRole("listitem").filter({ hasText: caller });
  await expect(order).toContainText(`Betaling mislukt: bestelling van ${buyer.first_name} ${buyer.last_name}`);
  await expect(message).toContainText(`Ongelezen bericht van ${sender}`);
  await expect(message).toContainText("Vraag over coaching");
  await expect(call).toContainText(`Kennismakingsgesprek met ${caller}`);
  await expect(call).toContainText(/(vandaag|morgen) om \d\d:\d\d · Via video/);
  // In time order: the order first, then the message, then the call later today.
  const lines = await list.getByRole("listitem").allInnerTexts();
  const at = (needle: string) => lines.findIndex((l) => l.includes(needle));
  expect(at(buyer.last_name)).toBeGreaterThanOrEqual(0);
  expect(at(buyer.last_name)).toBeLessThan(at(sender));
  expect(at(sender)).toBeLessThan(at(caller));
  // The list is on the first screen (run on its own, on demo data, these three are all it holds).
  await expect(page.getByRole("heading", { name: "Wat op je wacht" })).toBeInViewport();

  // Each with its action.
  await expect(order.getByRole("link", { name: /^Bestelling bekijken/ })).toHaveAttribute("href", /^\/admin\/orders\?bestelling=\d+$/);
  await expect(message.getByRole("link", { name: /^Lezen/ })).toHaveAttribute("href", "/admin/berichten");
  await expect(call.getByRole("link", { name: /^Naar de afspraak/ })).toHaveAttribute("href", "/admin/afspraken");

  // The menu counts what waits: on the group, and on the page inside it.
  await expect(menu(page).getByRole("button", { name: /^Mensen\s*,\s*\d+\s*wacht/ })).toBeVisible();
  await expect(menu(page).getByRole("button", { name: /^Verkoop\s*,\s*\d+\s*wacht/ })).toBeVisible();
  await menu(page).getByRole("button", { name: /^Mensen/ }).click();
  await expect(menu(page).getByRole("link", { name: /^Berichten\s*,\s*\d+\s*ongelezen$/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expectNoAxeViolations(page);

  // On the narrowest phone the lines wrap, the page does not scroll sideways.
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(call).toBeVisible();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, `the dashboard at ${width}px`).toBeLessThanOrEqual(innerWidth);
  }
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await message.getByRole("link", { name: /^Lezen/ }).click();
  await expect(page).toHaveURL("/admin/berichten");
  await expect(page.getByText(sender).first()).toBeVisible();
});

test("at 1280 px every admin page is two clicks away through the grouped menu, by mouse and by keyboard", async ({ page }) => {
  test.slow(); // every admin page, one after the other
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInViaApi(page);
  await page.goto("/admin/reviews");
  await waitForAdminPage(page);
  const nav = menu(page);

  for (const [group, pages] of groups) {
    for (const [label, path] of pages) {
      const button = nav.getByRole("button", link(group));
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await nav.getByRole("link", link(label)).click();
      await expect(page).toHaveURL(path);
      await waitForAdminPage(page);
      await expect(button).toHaveAttribute("aria-expanded", "false");
    }
  }
  await nav.getByRole("link", link("Vandaag")).click();
  await expect(page).toHaveURL("/admin/dashboard");
  await waitForAdminPage(page);

  // A click elsewhere closes an open group.
  await nav.getByRole("button", link("Site")).click();
  await expect(nav.getByRole("link", link("Media"))).toBeVisible();
  await expectNoAxeViolations(page);
  await page.locator("main h1").click();
  await expect(nav.getByRole("link", link("Media"))).toBeHidden();

  // Keyboard only: Tab to a group, Enter opens it, Tab to a page, Enter goes there.
  const agenda = nav.getByRole("button", link("Agenda"));
  await agenda.focus();
  await page.keyboard.press("Enter");
  await expect(agenda).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", link("Vertelavonden en webinars"))).toBeFocused();
  // Escape closes it again, back on its button.
  await page.keyboard.press("Escape");
  await expect(agenda).toHaveAttribute("aria-expanded", "false");
  await expect(agenda).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", link("Zelfbeeld-events"))).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/admin/zelfbeeld-events");
  await waitForAdminPage(page);
  // Tabbing out of an open group closes it.
  const site = nav.getByRole("button", link("Site"));
  await site.focus();
  await page.keyboard.press("Enter");
  const sitePages = groups.find(([group]) => group === "Site")![1].length;
  for (let i = 0; i <= sitePages; i++) await page.keyboard.press("Tab");
  await expect(site).toHaveAttribute("aria-expanded", "false");
});

test("at 390 px the menu sheet shows the same groups, every page two clicks away, by keyboard too", async ({ page }) => {
  test.slow(); // every admin page, one after the other
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaApi(page);
  await page.goto("/admin/dashboard");
  await waitForAdminPage(page);
  const nav = menu(page);
  const toggle = page.getByRole("button", { name: "Menu" });

  await toggle.click();
  for (const [group, pages] of groups) {
    const list = nav.getByRole("list", { name: group });
    await expect(list).toBeVisible();
    await expect(list.getByRole("link")).toHaveCount(pages.length);
  }
  await expectNoAxeViolations(page);
  await toggle.click();

  for (const [group, pages] of groups) {
    for (const [label, path] of pages) {
      await toggle.click();
      await nav.getByRole("list", { name: group }).getByRole("link", link(label)).click();
      await expect(page).toHaveURL(path);
      await waitForAdminPage(page);
      await expect(nav).toBeHidden();
    }
  }

  // Keyboard only: Enter on the button opens the sheet, Escape closes it back on the button.
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", link("Vandaag"))).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/admin/dashboard");
});
