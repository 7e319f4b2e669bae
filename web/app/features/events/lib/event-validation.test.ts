import { describe, expect, it } from "vitest";
import { eventFormToInput, eventToForm, validateEvent, type EventFormValues } from "@/features/events/lib/event-validation";

const valid: EventFormValues = {
  title: "De Zelfbeeld-Ommekeer",
  description: "",
  starts_at: "2027-03-05T09:30",
  ends_at: "2027-03-07T17:00",
  venue_name: "De Lichtkamer",
  street: "",
  postal_code: "2800",
  city: "Mechelen",
  capacity: "12",
  price: "1.500,00",
  status: "published",
  image_id: null,
};

describe("validateEvent", () => {
  it("accepts a complete date", () => {
    expect(validateEvent(valid)).toEqual({});
  });

  it("wants the end after the start", () => {
    expect(validateEvent({ ...valid, ends_at: "2027-03-05T09:30" }).ends_at).toMatch(/na het begin/);
    expect(validateEvent({ ...valid, ends_at: "" }).ends_at).toBeTruthy();
  });

  it("checks capacity and price, keyed by the server's field names", () => {
    expect(validateEvent({ ...valid, capacity: "0" }).capacity).toBeTruthy();
    expect(validateEvent({ ...valid, capacity: "2,5" }).capacity).toBeTruthy();
    expect(validateEvent({ ...valid, capacity: "3" }, 4).capacity).toMatch(/minstens 4/);
    expect(validateEvent({ ...valid, price: "veel" }).price_cents).toMatch(/bedrag/);
  });
});

describe("eventFormToInput", () => {
  it("sends the wall times as typed, the price in cents and empty fields as null", () => {
    expect(eventFormToInput(valid, "zelfbeeld")).toEqual({
      kind: "zelfbeeld",
      title: "De Zelfbeeld-Ommekeer",
      description: "",
      starts_at: "2027-03-05T09:30",
      ends_at: "2027-03-07T17:00",
      venue_name: "De Lichtkamer",
      street: null,
      postal_code: "2800",
      city: "Mechelen",
      online_url: null,
      capacity: 12,
      price_cents: 150000,
      status: "published",
      image_id: null,
    });
  });

  it("round-trips an event from the server", () => {
    const form = eventToForm({
      id: 1,
      kind: "zelfbeeld",
      title: "T",
      description: "D",
      starts_at: "2027-03-05T08:30:00Z",
      ends_at: "2027-03-07T16:00:00Z",
      starts_at_local: "2027-03-05T09:30",
      ends_at_local: "2027-03-07T17:00",
      venue_name: null,
      street: null,
      postal_code: null,
      city: "Mechelen",
      online_url: null,
      capacity: 10,
      seats_taken: 2,
      seats_left: 8,
      price_cents: 150000,
      status: "draft",
      image_id: 4,
    });
    // The photo goes along, so saving an edit keeps it.
    expect(form).toMatchObject({ starts_at: "2027-03-05T09:30", price: "1500,00", capacity: "10", venue_name: "", image_id: 4 });
  });
});

describe("an online event's link", () => {
  it("must be an https link when given, and is sent as typed", () => {
    expect(validateEvent({ ...valid, online_url: "" })).toEqual({});
    expect(validateEvent({ ...valid, online_url: "http://example.org" }).online_url).toMatch(/https/);
    expect(validateEvent({ ...valid, online_url: "https://example.org/live" })).toEqual({});
    expect(eventFormToInput({ ...valid, online_url: " https://example.org/live " }, "webinar").online_url).toBe(
      "https://example.org/live",
    );
    expect(eventFormToInput({ ...valid, online_url: "" }, "webinar", "https://old.example").online_url).toBeNull();
    expect(eventFormToInput(valid, "webinar", "https://old.example").online_url).toBe("https://old.example");
  });
});
