import { expect, test } from "@playwright/test";
import { bearer, buyAndPay, createEvent, eventTickets, openEventTickets, uniqueBuyer } from "./admin-commerce-helpers";
import { signInViaApi, toast, uniqueName } from "./admin-helpers";
import { checkoutForm, fillCheckout, mailTo, payOnSimulatedPage } from "./checkout-helpers";
import { expectNoAxeViolations, readMails } from "./helpers";

test("a visitor joins the waiting list of a sold-out evening, gets the offer when the coach cancels a ticket, and buys through it; the coach writes to the attendees", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const session = await signInViaApi(page);
  const title = uniqueName("Vertelavond wachtlijst");
  const event = await createEvent(page.request, session, { title, capacity: 1, days: 60 });
  const first = uniqueBuyer("Lotte");
  await buyAndPay(page.request, { eventId: event.id, buyer: first });
  const visitor = uniqueBuyer("Wout");

  try {
    // The sold-out date offers the waiting list.
    await page.goto("/vertelavond");
    const card = page.getByRole("listitem").filter({ hasText: title });
    await expect(card).toContainText("Uitverkocht");
    const form = card.getByRole("form", { name: /^Wachtlijst voor/ });
    await form.getByLabel("Naam").fill(`${visitor.first_name} ${visitor.last_name}`);
    await form.getByLabel("E-mailadres").fill(visitor.email);
    await expectNoAxeViolations(page);
    await form.getByRole("button", { name: "Zet me op de wachtlijst" }).click();
    await expect(card.getByRole("status")).toContainText("Je staat op de wachtlijst.");
    await expect(page.locator("[data-sonner-toast]").first()).toHaveCSS("opacity", "1"); // faded in
    await expectNoAxeViolations(page);

    // The coach sees the line and cancels the first buyer's ticket.
    const region = await openEventTickets(page, "/admin/tickets", title);
    const line = region.getByRole("table", { name: `Wachtlijst voor ${title}` });
    await expect(line.getByRole("row").filter({ hasText: visitor.email })).toContainText("Wacht");
    await expectNoAxeViolations(page);
    const [ticket] = await eventTickets(page.request, session, event.id);
    await region.getByRole("row").filter({ hasText: ticket!.code }).getByRole("button", { name: /^Annuleren/ }).click();
    await page.getByRole("alertdialog", { name: "Ticket annuleren?" }).getByRole("button", { name: "Ticket annuleren" }).click();
    await expect(toast(page, "Ticket geannuleerd")).toBeVisible();

    // The freed seat goes to the visitor, as a personal link by mail.
    const offer = await mailTo(visitor.email, "Er is een plaats vrij");
    const link = /(\/checkout\?product=vertelavond&event=\d+&offer=[A-Za-z0-9_-]+)/.exec(offer)?.[1];
    expect(link, offer).toBeTruthy();
    await page.reload();
    await openEventTickets(page, "/admin/tickets", title);
    await expect(
      page.getByRole("table", { name: `Wachtlijst voor ${title}` }).getByRole("row").filter({ hasText: visitor.email }),
    ).toContainText("Uitgenodigd");
    // Others still see it sold out: the seat is held.
    const product = (await (await page.request.get("/api/products/vertelavond")).json()) as {
      events: { id: number; seats_left: number }[];
    };
    expect(product.events.find((e) => e.id === event.id)?.seats_left).toBe(0);

    // Through the link the visitor checks out as usual.
    await page.goto(link!);
    await expect(page.getByRole("status").filter({ hasText: "Via de wachtlijst houden we één plaats voor je vast" })).toBeVisible();
    const f = checkoutForm(page);
    await expect(f.summary).toContainText("€ 35,00");
    await expectNoAxeViolations(page);
    await fillCheckout(page, { firstName: visitor.first_name, lastName: visitor.last_name, email: visitor.email });
    await f.submit.click();
    await payOnSimulatedPage(page, "Betalen");
    await expect(page).toHaveURL(/\/payment-success\?order=/);
    await expect(page.locator("main")).toContainText(/betaald|bedankt/i);
    const tickets = await eventTickets(page.request, session, event.id);
    expect(tickets.filter((t) => t.status === "valid").map((t) => t.holder_name)).toEqual([
      `${visitor.first_name} ${visitor.last_name}`,
    ]);

    // The coach writes to the attendees: only the valid ticket holder gets it, once.
    const attendees = await openEventTickets(page, "/admin/tickets", title);
    const subject = `Andere zaal ${Date.now()}`;
    await attendees.getByLabel("Onderwerp").fill(subject);
    await attendees.getByLabel("Bericht").fill("We verhuizen naar Zaal Het Anker.\n\nTot dan!");
    await attendees.getByRole("button", { name: "Verstuur naar alle deelnemers" }).click();
    await expect(toast(page, "Bericht verstuurd")).toBeVisible();
    await expect(attendees.getByRole("listitem").filter({ hasText: subject })).toContainText("naar 1 adres");
    await expect(
      page.getByRole("table", { name: `Wachtlijst voor ${title}` }).getByRole("row").filter({ hasText: visitor.email }),
    ).toContainText("Heeft besteld");
    // The toast may still be fading (out): check the settled page.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    await expectNoAxeViolations(page);
    const message = await mailTo(visitor.email, subject);
    expect(message).toContain("Zaal Het Anker");
    expect(readMails().filter((m) => m.text.includes(subject) && m.text.includes(first.email))).toHaveLength(0);
  } finally {
    await page.request.delete(`/api/admin/events/${event.id}`, { headers: bearer(session) });
  }
});
