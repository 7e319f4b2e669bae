import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { buyAndPay, createEvent, uniqueBuyer } from "./admin-commerce-helpers";
import { signInViaApi, uniqueName } from "./admin-helpers";
import { bookableEvent, checkoutForm } from "./checkout-helpers";
import { uniqueEmail, waitForHydration } from "./helpers";

// Every word a visitor reads on a public page is hers (issue 22): each visible text sits in a
// block she edits in Beheer > Pagina's (`[data-block]`), in a detail from Instellingen
// (`[data-live]`), or in data she keeps elsewhere (`[data-from]`: a product's name, price and
// consent text, an event's title, date and seats, a real review's card, an order's details, a
// quote's amounts, the year). A sample review (shown before there are any) is blocks. This walks every public route of
// app/routes.ts at 390 px, after the page's API answers, and lists any other visible text.
//
// What the walk does not ask to be a block, and why:
// - text without a letter (a "©", "€ 19,00" inside a price, a step number, punctuation between
//   blocks): no words to change;
// - screen-reader-only hints (`.sr-only`: "(opent in een nieuw tabblad)", "– naar de
//   startpagina", "Stap 1:"): they describe the control and follow its visible words;
// - the choices of a list (`<option>`): an option cannot hold markup, and the contact subjects
//   are values the server checks;
// - the legal pages' words between her details (/privacy, /algemene-voorwaarden): see LEGAL;
// - messages the server answers with (`data-from="server"`: an expired link, a refused
//   payment): the server's Dutch words, the same for every client of the API;
// - /betalen/simulatie: the simulated payment provider of a test setup, never hers.
// /nieuwsbrief/archief is made by the server from its built page, without scripts: walked as sent
// (the newsletters' subjects, dates and texts are hers from Beheer > Nieuwsbrief, `data-from`).
//
// After a visitor's steps (the second describe): the checkout with a course and with a date in
// it, its own checks' messages and a company's address; the payment result pages with an order;
// what a sent contact message, a newsletter signup, a booked intro call, a place on a waiting
// list and a webinar registration show, with their toasts (held open by the pointer).
// Not walked there: the review form (it needs an invitation for a past date, see
// review-invitations.spec.ts), whose words and messages are blocks the same way.

/** The public routes, read from the route table (the catch-all as an unknown path). */
function publicRoutes(): string[] {
  const source = readFileSync(new URL("../app/routes.ts", import.meta.url), "utf8");
  const publicPart = source.slice(0, source.indexOf('route("admin/login"'));
  const paths = [...publicPart.matchAll(/route\(\s*"([^"]+)"/g)].map((m) => `/${m[1]}`);
  return ["/", ...paths.map((p) => (p === "/*" ? "/bestaat-niet" : p))].filter((p) => p !== "/betalen/simulatie");
}

/** Pages the server makes from their built page, with no scripts to wait for. */
const SERVER_MADE = ["/nieuwsbrief/archief"];

/**
 * Legal texts she must not change by accident: the few words of the privacy statement and the
 * terms between her live details (name, address, VAT number, e-mail) stay in code, so an edit of
 * a paragraph cannot drop a detail the law asks for; the paragraphs around them are blocks.
 */
const LEGAL: Record<string, string[]> = {
  "/privacy": [
    "De verwerkingsverantwoordelijke is",
    ", België, ondernemingsnummer",
    ". Je bereikt ons via",
    "of",
    "Stuur hiervoor een e-mail naar",
    "; we antwoorden binnen een maand.",
    // The supervisory authority's own address.
    "www.gegevensbeschermingsautoriteit.be",
  ],
  "/algemene-voorwaarden": [
    ", België, ondernemingsnummer",
    ", e-mail",
    "Laat het ons weten via",
    "; we betalen je binnen 14 dagen terug.",
  ],
};

/** Each visible text she cannot edit, with the start of its element (to find it in a CI log). */
async function uneditableTexts(page: Page): Promise<{ text: string; where: string }[]> {
  return page.evaluate(() => {
    const found: { text: string; where: string }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? "").replace(/\s+/g, " ").trim();
      if (!/\p{L}/u.test(text)) continue;
      const el = node.parentElement;
      if (!el) continue;
      if (el.closest("script, style, noscript, template, option, .sr-only")) continue;
      if (el.closest("[data-block], [data-live], [data-from]")) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      // Off-screen (a form's honeypot for bots) or without a size: not seen.
      if (box.width === 0 || box.height === 0 || box.right <= 0) continue;
      found.push({ text, where: el.outerHTML.slice(0, 160) });
    }
    return found;
  });
}

test.describe("every word on a public page is hers", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of publicRoutes()) {
    test(`${path}: no visible text outside a block or live data`, async ({ page }) => {
      await page.goto(path);
      if (SERVER_MADE.includes(path)) await expect(page.locator("script")).toHaveCount(0);
      else await waitForHydration(page);
      // The lists and states that come after an API answer.
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("status").filter({ hasText: /laden/i })).toHaveCount(0);
      const legal = LEGAL[path] ?? [];
      const left = (await uneditableTexts(page)).filter(({ text }) => !legal.includes(text));
      expect(left, `visible text on ${path} that she cannot edit`).toEqual([]);
    });
  }

  test("the mobile menu's words are blocks too", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Menu openen" }).click();
    await expect(page.getByRole("navigation", { name: "Mobiel menu" })).toBeVisible();
    expect(await uneditableTexts(page)).toEqual([]);
  });
});

test.describe("every word after a visitor's steps is hers", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** The walk, once the page's answers are in. */
  async function expectAllHers(page: Page, state: string) {
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("status").filter({ hasText: /laden|berekenen/i })).toHaveCount(0);
    expect(await uneditableTexts(page), `visible text ${state} that she cannot edit`).toEqual([]);
  }

  /** The walk while the toast is on screen: the pointer holds it (sonner pauses on hover). */
  async function expectAllHersWithToast(page: Page, state: string) {
    const toast = page.locator("[data-sonner-toast]").first();
    await toast.hover();
    await expect(toast).toHaveCSS("opacity", "1");
    const left = await uneditableTexts(page);
    await expect(toast, `the toast ${state} stayed while its words were read`).toBeVisible();
    expect(left, `visible text ${state} that she cannot edit`).toEqual([]);
  }

  test("a sent contact message and a newsletter signup: their toasts", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Contactformulier" });
    await form.getByLabel("Naam").fill(uniqueName("Woordzoeker"));
    await form.getByLabel("E-mailadres").fill(uniqueEmail("woord-contact"));
    await form.getByLabel("Onderwerp").selectOption({ label: "Vraag over coaching" });
    await form.getByLabel("Je bericht").fill("Dag Lien, staat elk woord hier op zijn plaats?");
    await form.getByLabel(/Ik ga akkoord/).check();
    await form.getByRole("button", { name: "Verstuur bericht" }).click();
    await expect(page.getByText("Bericht verstuurd!", { exact: true })).toBeVisible();
    await expectAllHersWithToast(page, "after a contact message");

    await page.goto("/");
    await waitForHydration(page);
    const signup = page.getByRole("form", { name: /nieuwsbrief/i }).first();
    await signup.getByLabel("Voornaam").fill("Woord");
    await signup.getByLabel("E-mailadres").fill(uniqueEmail("woord-nieuwsbrief"));
    await signup.getByRole("button", { name: "Abonneer" }).click();
    await expect(page.getByText("Ingeschreven!", { exact: true })).toBeVisible();
    await expectAllHersWithToast(page, "after a newsletter signup");
  });

  test("a booked intro call: the confirmation and its toast", async ({ page }) => {
    await page.goto("/gratis-kennismakingsgesprek");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Kennismakingsgesprek boeken" });
    await form.getByRole("radio", { name: /Via video/ }).check();
    await form.getByLabel("Naam").fill(uniqueName("Woordzoeker"));
    await form.getByLabel("E-mailadres").fill(uniqueEmail("woord-gesprek"));
    // Booked without a moment: the form's own message, in a toast.
    await form.getByRole("button", { name: "Gesprek boeken" }).click();
    await expect(page.getByText("Kies eerst een dag en een uur.", { exact: true })).toBeVisible();
    await expectAllHersWithToast(page, "when no moment was chosen");
    // The last free moment, so the intro-call spec (which takes the first day's) keeps its own.
    await form.getByRole("group", { name: "1. Kies een dag" }).locator("label").last().click();
    await form.getByRole("group", { name: /^2\. Kies een uur op / }).locator("label").last().click();
    await expect(form.getByRole("group", { name: /^2\. Kies een uur op / }).getByRole("radio").last()).toBeChecked();
    await form.getByRole("button", { name: "Gesprek boeken" }).click();
    await expect(page.getByRole("heading", { name: "Je gesprek is geboekt!" })).toBeVisible();
    await expect(page.getByText("Gesprek geboekt!", { exact: true })).toBeVisible();
    await expectAllHersWithToast(page, "after booking a call");
  });

  test("a place on a sold-out date's waiting list and a webinar registration: what they show", async ({ page }) => {
    const session = await signInViaApi(page);
    const title = uniqueName("Vertelavond woorden");
    const event = await createEvent(page.request, session, { title, capacity: 1, days: 70 });
    await buyAndPay(page.request, { eventId: event.id, buyer: uniqueBuyer("Vol") });
    await page.goto("/vertelavond");
    await waitForHydration(page);
    const card = page.getByRole("listitem").filter({ hasText: title });
    const waitlist = card.getByRole("form", { name: /^Wachtlijst voor/ });
    await waitlist.getByLabel("Naam").fill("Woord Zoeker");
    await waitlist.getByLabel("E-mailadres").fill(uniqueEmail("woord-wachtlijst"));
    await waitlist.getByRole("button", { name: "Zet me op de wachtlijst" }).click();
    await expect(card.getByRole("status")).toContainText("Je staat op de wachtlijst");
    await expectAllHersWithToast(page, "after joining a waiting list");

    await page.goto("/webinar-reeks");
    await waitForHydration(page);
    const webinar = page.getByRole("form", { name: "Inschrijven voor Webinar: Grenzen zonder schuldgevoel" });
    await webinar.getByLabel("Naam").fill("Woord Zoeker");
    await webinar.getByLabel("E-mailadres").fill(uniqueEmail("woord-webinar"));
    await webinar.getByRole("button", { name: "Gratis inschrijven" }).click();
    await expect(page.getByText("Ingeschreven!", { exact: true })).toBeVisible();
    await expectAllHersWithToast(page, "after a webinar registration");
  });

  test("the checkout with a course: the form, its summary and price, its own messages, a company's address", async ({
    page,
  }) => {
    await page.goto("/checkout?product=spiegelgevecht");
    await waitForHydration(page);
    const form = checkoutForm(page);
    await expect(form.summary.getByText(/€/).first()).toBeVisible();
    await expectAllHers(page, "on the course's checkout");
    // Sent empty: the client's own messages.
    await form.submit.click();
    await expect(form.firstName).toBeFocused();
    await expect(form.form.getByText("Vul je voornaam in.")).toBeVisible();
    await expectAllHers(page, "with the checkout's messages");
    // A company: its address, the enterprise number and their messages.
    await form.form.getByLabel(/^Bedrijfsnaam/).fill("Praktijk Noord");
    await form.submit.click();
    await expect(form.form.getByText(/^Vul het ondernemingsnummer/)).toBeVisible();
    await expectAllHers(page, "with a company's address");
  });

  test("the checkout with a date: the tickets, the seats and the summary", async ({ page, request }) => {
    const event = await bookableEvent(request, "vertelavond");
    await page.goto(`/checkout?product=vertelavond&event=${event.id}`);
    await waitForHydration(page);
    await expect(checkoutForm(page).quantity).toBeVisible();
    await expect(checkoutForm(page).summary.getByText(/€/).first()).toBeVisible();
    await expectAllHers(page, "on a date's checkout");
  });

  test("the self-test: a question, its own message, and the result with the form for the mail", async ({ page }) => {
    await page.goto("/wees-eerlijk/zelftest");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Start de test" }).click();
    await expect(page.getByRole("progressbar")).toBeVisible();
    await expectAllHers(page, "on a question of the self-test");
    // Further without an answer: the test's own message.
    await page.getByRole("button", { name: "Volgende" }).click();
    await expect(page.getByText("Kies een antwoord om verder te gaan.")).toBeVisible();
    await expectAllHers(page, "with the self-test's message");
    const total = Number(await page.getByRole("progressbar").getAttribute("aria-valuemax"));
    for (let i = 1; i <= total; i += 1) {
      await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(i));
      await page.getByRole("radio").first().check();
      await page.getByRole("button", { name: i < total ? "Volgende" : "Bekijk mijn resultaat" }).click();
    }
    await expect(page).toHaveURL(/\/wees-eerlijk\/zelftest\/resultaat\?token=/);
    await expect(page.getByRole("img", { name: /^Je scores per thema/ })).toBeVisible();
    await expectAllHers(page, "on a self-test's result");
  });

  test("the payment result pages with an order: the order's details and the next steps", async ({ page, request }) => {
    const event = await bookableEvent(request, "vertelavond");
    const order = async (outcome: "paid" | "cancelled") => {
      const started = await request.post("/api/checkout", {
        data: {
          idempotency_key: randomUUID(),
          product: "vertelavond",
          event_id: event.id,
          quantity: 1,
          first_name: "Woord",
          last_name: "Zoeker",
          email: uniqueEmail("woord"),
          accept_terms: true,
          accept_consent: true,
        },
      });
      expect(started.status(), await started.text()).toBe(201);
      const body = (await started.json()) as { order_id: string; checkout_url: string };
      const ref = new URL(body.checkout_url).searchParams.get("sessie");
      const settled = await request.post(`/api/payments/simulated/${ref}`, { data: { outcome } });
      expect(settled.status(), await settled.text()).toBe(200);
      return ((await settled.json()) as { redirect_url: string }).redirect_url;
    };
    await page.goto(await order("paid"));
    await waitForHydration(page);
    await expect(page.getByText("Je tickets zitten in je mailbox.")).toBeVisible({ timeout: 15_000 });
    // What was ordered is on screen, its words walked too.
    await expect(page.getByRole("term").filter({ hasText: "Totaal" })).toBeVisible();
    await expectAllHers(page, "after a payment");
    await page.goto(await order("cancelled"));
    await waitForHydration(page);
    await expect(page.getByText("Je hebt de betaling geannuleerd.")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("term").filter({ hasText: "Product" })).toBeVisible();
    await expectAllHers(page, "after a cancelled payment");
  });
});
