import { describe, expect, it } from "vitest";
import { describeCounts, recordKindLabel } from "@/features/people/lib/record-labels";

const none = {
  subscribers: 0,
  orders_deleted: 0,
  orders_anonymised: 0,
  tickets_anonymised: 0,
  webinar_registrations: 0,
  intro_calls: 0,
  contact_messages: 0,
  emails: 0,
  account_links: 0,
  waitlist_entries: 0,
  coach_notices: 0,
  newsletters: 0,
  invoices: 0,
  review_invitations: 0,
  selftest_results: 0,
};

describe("describeCounts", () => {
  it("names only the kinds that had something, singular or plural", () => {
    expect(describeCounts({ ...none, orders_anonymised: 1, emails: 3 })).toBe(
      "1 betaalde bestelling geanonimiseerd, 3 e-mails",
    );
  });

  it("says so when there was nothing", () => {
    expect(describeCounts(none)).toBe("niets");
  });
});

describe("recordKindLabel", () => {
  it("is Dutch", () => {
    expect(recordKindLabel("intro_call")).toBe("Kennismaking");
  });
});
