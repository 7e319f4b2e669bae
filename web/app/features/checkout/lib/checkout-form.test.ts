import { describe, expect, it } from "vitest";
import {
  checkoutRequest,
  emptyValues,
  REGISTRATION_NEEDED,
  validateCheckout,
} from "@/features/checkout/lib/checkout-form";

const valid = {
  ...emptyValues,
  first_name: " Anna ",
  last_name: "Peeters",
  email: "anna@voorbeeld.be ",
  quantity: 2,
  accept_terms: true,
  accept_consent: true,
};

describe("validateCheckout", () => {
  it("accepts a complete form", () => {
    expect(validateCheckout(valid, 10)).toEqual({});
  });

  it("names every missing required answer", () => {
    const errors = validateCheckout(emptyValues, 10);
    expect(Object.keys(errors).sort()).toEqual(
      ["accept_consent", "accept_terms", "email", "first_name", "last_name"].sort(),
    );
  });

  it("checks the e-mail address's shape", () => {
    expect(validateCheckout({ ...valid, email: "anna@voorbeeld" }, 10).email).toMatch(/niet te kloppen/);
  });

  it("bounds the quantity by the maximum", () => {
    expect(validateCheckout({ ...valid, quantity: 0 }, 10).quantity).toBe("Kies minstens 1 ticket.");
    expect(validateCheckout({ ...valid, quantity: 5 }, 4).quantity).toBe("Je kunt hoogstens 4 tickets bestellen.");
    expect(validateCheckout({ ...valid, quantity: 2 }, 1).quantity).toBe("Je kunt 1 plaats per bestelling boeken.");
  });
});

describe("a company's invoice address", () => {
  it("is required in full once a company is named", () => {
    const errors = validateCheckout({ ...valid, company: "Lichtwerk BV", country: "" }, 10);
    expect(errors).toEqual({
      street: "Vul de straat en het huisnummer van je bedrijf in: ze komen op de factuur.",
      postal_code: "Vul de postcode van je bedrijf in.",
      city: "Vul de gemeente van je bedrijf in.",
      country: "Kies het land van je bedrijf.",
    });
  });

  it("goes along with a company only", () => {
    const address = { street: "Lichtlaan 7", postal_code: "2000", city: "Antwerpen", country: "BE" };
    const company = checkoutRequest({
      idempotencyKey: "k".repeat(36),
      product: "spiegelgevecht",
      eventId: null,
      values: { ...valid, ...address, company: "Lichtwerk BV" },
    });
    expect(company).toMatchObject({ company: "Lichtwerk BV", ...address });
    const privateBuyer = checkoutRequest({
      idempotencyKey: "k".repeat(36),
      product: "spiegelgevecht",
      eventId: null,
      values: { ...valid, ...address },
    });
    expect("country" in privateBuyer || "street" in privateBuyer).toBe(false);
  });
});

describe("a company without a VAT number", () => {
  const address = { street: "Kerkstraat 3", postal_code: "9000", city: "Gent" };

  it("gives its enterprise number in Belgium, optionally its KvK number in the Netherlands", () => {
    const belgian = { ...valid, ...address, company: "Atelier vzw", country: "BE" };
    expect(validateCheckout(belgian, 10)).toEqual({ registration_number: REGISTRATION_NEEDED });
    expect(validateCheckout({ ...belgian, registration_number: "0417.497.106" }, 10)).toEqual({});
    expect(validateCheckout({ ...belgian, vat_number: "BE0123456749" }, 10)).toEqual({});
    expect(validateCheckout({ ...belgian, country: "NL" }, 10)).toEqual({});
  });

  it("sends the number only without a VAT number", () => {
    const values = { ...valid, ...address, company: "Atelier vzw", country: "BE", registration_number: " 0417.497.106 " };
    const body = checkoutRequest({ idempotencyKey: "k".repeat(36), product: "vertelavond", eventId: 7, values });
    expect(body).toMatchObject({ registration_number: "0417.497.106" });
    const withVat = checkoutRequest({
      idempotencyKey: "k".repeat(36),
      product: "vertelavond",
      eventId: 7,
      values: { ...values, vat_number: "BE0123456749" },
    });
    expect("registration_number" in withVat).toBe(false);
  });
});

describe("checkoutRequest", () => {
  it("trims, leaves out empty optional fields and the event of a course", () => {
    const body = checkoutRequest({ idempotencyKey: "k".repeat(36), product: "spiegelgevecht", eventId: null, values: valid });
    expect(body).toEqual({
      idempotency_key: "k".repeat(36),
      product: "spiegelgevecht",
      quantity: 2,
      first_name: "Anna",
      last_name: "Peeters",
      email: "anna@voorbeeld.be",
      phone: undefined,
      company: undefined,
      vat_number: undefined,
      coupon: undefined,
      accept_terms: true,
      accept_consent: true,
    });
    expect("event_id" in body).toBe(false);
  });

  it("sends the event and the optional details when given", () => {
    const body = checkoutRequest({
      idempotencyKey: "k".repeat(36),
      product: "vertelavond",
      eventId: 7,
      values: {
        ...valid,
        company: " Bedrijf BV ",
        vat_number: "BE0123456749",
        street: " Kerkstraat 1 ",
        postal_code: "2800",
        city: "Mechelen",
        coupon: " welkom10 ",
      },
    });
    expect(body).toMatchObject({
      event_id: 7,
      company: "Bedrijf BV",
      vat_number: "BE0123456749",
      street: "Kerkstraat 1",
      postal_code: "2800",
      city: "Mechelen",
      coupon: "welkom10",
    });
  });
});
