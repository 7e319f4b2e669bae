import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { bearer, buyAndPay, createEvent, localDateTime, uniqueBuyer } from "./admin-commerce-helpers";
import { signInViaApi, toast, uniqueName, waitForAdminPage, type StoredSession } from "./admin-helpers";
import { mailTo } from "./checkout-helpers";
import { collectConsoleErrors, expectNoAxeViolations, readMails, waitForHydration } from "./helpers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The evening took place four days ago: past the three days' delay of the invitations. */
async function moveIntoThePast(request: APIRequestContext, session: StoredSession, id: number, title: string) {
  const moved = await request.put(`/api/admin/events/${id}`, {
    headers: bearer(session),
    data: {
      kind: "vertelavond",
      title,
      description: "",
      starts_at: localDateTime(-4, 19, 30),
      ends_at: localDateTime(-4, 22),
      venue_name: "Zaal Test",
      street: null,
      postal_code: "2800",
      city: "Mechelen",
      online_url: null,
      capacity: 5,
      price_cents: 3500,
      status: "published",
    },
  });
  expect(moved.status(), await moved.text()).toBe(200);
}

async function axeAtBothSizes(page: Page) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
  }
}

test("a participant leaves a review through the invitation mail, the coach approves it, the home page shows it marked", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const session = await signInViaApi(page);
  const title = uniqueName("Vertelavond");
  const event = await createEvent(request, session, { title });
  const buyer = uniqueBuyer("Lotte");
  await buyAndPay(request, { eventId: event.id, buyer });

  await moveIntoThePast(request, session, event.id, title);

  const mail = await mailTo(buyer.email, "Hoe was de vertelavond");
  const link = mail.match(/https?:\/\/[^\s"<>]+\/ervaring-delen#uitnodiging=[A-Za-z0-9_-]+/)?.[0];
  expect(link, "the invitation link in the mail").toBeTruthy();

  await page.goto(link!);
  await expect(page.getByText(/Dag Lotte, fijn dat je erbij was op de vertelavond van/)).toBeVisible();
  await axeAtBothSizes(page);

  // Nothing chosen yet: the form says what is missing, next to the fields.
  await page.getByRole("button", { name: "Ervaring delen" }).click();
  await expect(page.getByText("Kies een score van 1 tot 5 sterren.")).toBeVisible();
  await expect(page.getByText("Vertel in een paar woorden hoe je het beleefd hebt.")).toBeVisible();
  await axeAtBothSizes(page);

  const text = `Een avond die bleef nazinderen (${uniqueName("review")}).`;
  await page.locator("label").filter({ hasText: "4 sterren" }).click();
  await page.getByRole("textbox", { name: "Je ervaring" }).fill(text);
  await page.getByLabel(/Mijn voornaam \(Lotte\) mag bij mijn ervaring/).check();
  await page.getByRole("button", { name: "Ervaring delen" }).click();
  await expect(page.getByRole("heading", { name: "Dank je wel!" })).toBeVisible();
  await axeAtBothSizes(page);

  // The link works once.
  await page.goto("/");
  await page.goto(link!);
  await expect(page.getByText("Met deze link is je ervaring al gedeeld. Dank je wel daarvoor!")).toBeVisible();

  // Pending until the coach approves it.
  await page.goto("/admin/reviews");
  await waitForAdminPage(page);
  const row = page.getByRole("row").filter({ hasText: text });
  await expect(row).toContainText("Wacht op goedkeuring");
  await expect(row).toContainText("deelnemer van de vertelavond van");
  // Her words are hers: the coach approves, declines or hides them, but cannot edit them.
  await expect(row.getByRole("button", { name: /Bewerken/ })).toHaveCount(0);
  await axeAtBothSizes(page);
  await row.getByRole("button", { name: /Goedkeuren/ }).click();
  await expect(toast(page, "Review goedgekeurd")).toBeVisible();
  await expect(row).toContainText("Op de website");
  await expect(row.getByRole("button", { name: /Bewerken/ })).toHaveCount(0);

  // In the home page's raw HTML, as crawlers read it, and hydrated without any error.
  const html = await (await page.request.get("/")).text();
  const reviews = html.slice(html.indexOf("data-live-reviews"));
  expect(reviews).toContain(`<p>${text}</p>`);
  expect(reviews).toMatch(/<p class="text-sm text-ink-soft">deelnemer van de vertelavond van \d+ \w+ \d{4}<\/p>/);
  const errors = collectConsoleErrors(page);
  await page.goto("/#ervaringen");
  await waitForHydration(page);
  const card = page.getByRole("list", { name: "Ervaringen van klanten" }).getByRole("listitem").filter({ hasText: text });
  await expect(card).toContainText("Lotte");
  await expect(card).toContainText(/deelnemer van de vertelavond van \d+ \w+ \d{4}/);
  await expect(card.getByRole("img", { name: "4 van 5 sterren" })).toBeVisible();
  expect(errors).toEqual([]);

  // Hidden: off the home page at once.
  await page.goto("/admin/reviews");
  await waitForAdminPage(page);
  await row.getByRole("button", { name: /Verbergen/ }).click();
  await expect(toast(page, "Review verborgen")).toBeVisible();
  await expect(row).toContainText("Afgewezen");
  expect(await (await page.request.get("/")).text()).not.toContain(text);
});

test("the opt-out link in an invitation stops further invitations", async ({ page, request }) => {
  const session = await signInViaApi(page);
  const title = uniqueName("Vertelavond");
  const event = await createEvent(request, session, { title, days: 30 });
  const buyer = uniqueBuyer("Wout");
  await buyAndPay(request, { eventId: event.id, buyer });
  await moveIntoThePast(request, session, event.id, title);
  const mail = await mailTo(buyer.email, "Hoe was de vertelavond");
  const link = mail.match(/https?:\/\/[^\s"<>]+\/ervaring-delen#afmelden=[A-Za-z0-9_-]+/)?.[0];
  expect(link, "the opt-out link in the mail").toBeTruthy();

  await page.goto(link!);
  await expect(page.getByText(/Liever geen vraag meer/)).toBeVisible();
  await axeAtBothSizes(page);
  await page.getByRole("button", { name: "Afmelden" }).click();
  await expect(page.getByRole("heading", { name: "Je bent afgemeld" })).toBeVisible();
  await axeAtBothSizes(page);

  // A later evening with a ticket for the same address: no invitation this time.
  const later = await createEvent(request, session, { title: `${title} II`, days: 31 });
  await buyAndPay(request, { eventId: later.id, buyer });
  await moveIntoThePast(request, session, later.id, `${title} II`);
  const invitations = () => readMails().filter((m) => m.text.includes(buyer.email) && m.text.includes("Hoe was de vertelavond")).length;
  // The invitation pass runs every 2 s in e2e (start-server.sh); give it a few rounds.
  await page.waitForTimeout(6_000);
  expect(invitations()).toBe(1);
});
