// The checkout form's values, their client-side checks and the request body built from them.
import { clientMessages } from "@/components/form/client-messages";
import type { LaterBlock } from "@/components/ui/block";
import type { CheckoutRequest } from "@/lib/api-types";

export interface CheckoutFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company: string;
  vat_number: string;
  /** A company without a VAT number: its number in its country's trade register. */
  registration_number: string;
  street: string;
  postal_code: string;
  city: string;
  /** ISO 3166-1 alpha-2 of the invoice address. */
  country: string;
  quantity: number;
  coupon: string;
  accept_terms: boolean;
  accept_consent: boolean;
}

export type CheckoutField = keyof CheckoutFormValues;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** The fields on the form: the server's messages for other keys (product, event_id, …) become one general message. */
export const CHECKOUT_FIELDS: readonly CheckoutField[] = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "company",
  "vat_number",
  "registration_number",
  "street",
  "postal_code",
  "city",
  "country",
  "quantity",
  "coupon",
  "accept_terms",
  "accept_consent",
];

export const emptyValues: CheckoutFormValues = {
  first_name: "",
  last_name: "",
  email: "",
  phone: "",
  company: "",
  vat_number: "",
  registration_number: "",
  street: "",
  postal_code: "",
  city: "",
  country: "BE",
  quantity: 1,
  coupon: "",
  accept_terms: false,
  accept_consent: false,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The client check's messages: blocks she words (`clientMessages`), listed on /checkout. */
export const checkoutMessages = clientMessages({
  firstName: { name: "checkout.errors.first-name", text: "Vul je voornaam in." },
  lastName: { name: "checkout.errors.last-name", text: "Vul je familienaam in." },
  email: { name: "checkout.errors.email", text: "Vul je e-mailadres in." },
  emailInvalid: { name: "checkout.errors.email-invalid", text: "Dit e-mailadres lijkt niet te kloppen." },
  quantity: { name: "checkout.errors.quantity", text: "Kies minstens 1 ticket." },
  onePerOrder: { name: "checkout.errors.one-per-order", text: "Je kunt 1 plaats per bestelling boeken." },
  oneLeft: { name: "checkout.errors.one-left", text: "Er is nog 1 plaats vrij." },
  terms: {
    name: "checkout.errors.terms",
    text: "Om te bestellen moet je akkoord gaan met de algemene voorwaarden en de privacyverklaring.",
  },
  consent: { name: "checkout.errors.consent", text: "Vink dit aan om verder te gaan." },
  street: {
    name: "checkout.errors.street",
    text: "Vul de straat en het huisnummer van je bedrijf in: ze komen op de factuur.",
  },
  postalCode: { name: "checkout.errors.postal-code", text: "Vul de postcode van je bedrijf in." },
  city: { name: "checkout.errors.city", text: "Vul de gemeente van je bedrijf in." },
  country: { name: "checkout.errors.country", text: "Kies het land van je bedrijf." },
  registration: {
    name: "checkout.errors.registration",
    text: "Vul het ondernemingsnummer van je bedrijf of vereniging in (tien cijfers, bv. 0123.456.749), of het btw-nummer: een van de twee komt op de factuur.",
  },
  startFailed: {
    name: "checkout.errors.start-failed",
    text: "Er ging iets mis bij het starten van je betaling. Probeer het straks opnieuw.",
  },
  soldOut: { name: "checkout.errors.sold-out", text: "Deze datum is helaas uitverkocht." },
});

/** "Je kunt hoogstens 4 tickets bestellen.": the words around the number, each a block. */
export const tooManyTickets = {
  before: { name: "checkout.errors.too-many", text: "Je kunt hoogstens" },
  after: { name: "checkout.errors.too-many-after", text: "tickets bestellen." },
};

/** The words of a message about the most tickets one may order. */
export function tooManyText(max: number): string {
  return `${tooManyTickets.before.text} ${max} ${tooManyTickets.after.text}`;
}

/** The same checks the server makes first, so most mistakes show before anything is sent. */
export function validateCheckout(values: CheckoutFormValues, maxQuantity: number): CheckoutErrors {
  const m = checkoutMessages;
  const errors: CheckoutErrors = {};
  if (!values.first_name.trim()) errors.first_name = m.firstName.text;
  if (!values.last_name.trim()) errors.last_name = m.lastName.text;
  if (!values.email.trim()) errors.email = m.email.text;
  else if (!EMAIL.test(values.email.trim())) errors.email = m.emailInvalid.text;
  if (!Number.isInteger(values.quantity) || values.quantity < 1) {
    errors.quantity = m.quantity.text;
  } else if (values.quantity > maxQuantity) {
    errors.quantity = maxQuantity === 1 ? m.onePerOrder.text : tooManyText(maxQuantity);
  }
  if (!values.accept_terms) errors.accept_terms = m.terms.text;
  if (!values.accept_consent) errors.accept_consent = m.consent.text;
  // A company's invoice needs its whole address (the server says the same).
  if (values.company.trim()) {
    if (!values.street.trim()) errors.street = m.street.text;
    if (!values.postal_code.trim()) errors.postal_code = m.postalCode.text;
    if (!values.city.trim()) errors.city = m.city.text;
    if (!values.country.trim()) errors.country = m.country.text;
    if (asksRegistration(values) && values.country === "BE" && !values.registration_number.trim()) {
      errors.registration_number = REGISTRATION_NEEDED;
    }
  }
  return errors;
}

/** The server's message for a Belgian company that gives neither number. */
export const REGISTRATION_NEEDED = checkoutMessages.registration.text;

/** A company without a VAT number is asked for its number in its country's trade register. */
export function asksRegistration(values: CheckoutFormValues): boolean {
  return values.company.trim() !== "" && values.vat_number.trim() === "";
}

/** What the trade-register number is called for a company in `country`, and an example: blocks. */
export function registrationLabel(country: string): { label: LaterBlock; hint: LaterBlock } {
  const r = registrationTexts;
  switch (country) {
    case "BE":
      return { label: r.beLabel, hint: r.beHint };
    case "NL":
      return { label: r.nlLabel, hint: r.nlHint };
    case "FR":
      return { label: r.frLabel, hint: r.frHint };
    default:
      return { label: r.otherLabel, hint: r.otherHint };
  }
}

/** The trade-register number's label and hint per country (shown in the browser only). */
export const registrationTexts = {
  beLabel: { name: "checkout.order-form.registration-be", text: "Ondernemingsnummer" },
  beHint: {
    name: "checkout.order-form.registration-be-hint",
    text: "Tien cijfers, zoals in de KBO, bv. 0123.456.749. Ook een vereniging zonder btw-nummer heeft er een.",
  },
  nlLabel: { name: "checkout.order-form.registration-nl", text: "KvK-nummer" },
  nlHint: {
    name: "checkout.order-form.registration-nl-hint",
    text: "Acht cijfers, bv. 12345678. Dan krijgt je bedrijf ook een e-factuur.",
  },
  frLabel: { name: "checkout.order-form.registration-fr", text: "SIREN-nummer" },
  frHint: {
    name: "checkout.order-form.registration-fr-hint",
    text: "Negen cijfers, bv. 732 829 320. Dan krijgt je bedrijf ook een e-factuur.",
  },
  otherLabel: { name: "checkout.order-form.registration-other", text: "Registratienummer" },
  otherHint: {
    name: "checkout.order-form.registration-other-hint",
    text: "Het nummer van je bedrijf in het handelsregister, als je dat op de factuur wilt.",
  },
} satisfies Record<string, LaterBlock>;

/** The address goes along for a company's invoice only. */
function withAddress(values: CheckoutFormValues): boolean {
  return values.company.trim() !== "";
}

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}

export function checkoutRequest(input: {
  idempotencyKey: string;
  product: string;
  eventId: number | null;
  values: CheckoutFormValues;
  /** A waiting-list offer's token. */
  offer?: string | null;
}): CheckoutRequest {
  const { values } = input;
  return {
    idempotency_key: input.idempotencyKey,
    product: input.product,
    ...(input.eventId ? { event_id: input.eventId } : {}),
    quantity: values.quantity,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: optional(values.phone),
    company: optional(values.company),
    vat_number: optional(values.vat_number),
    ...(asksRegistration(values) ? { registration_number: optional(values.registration_number) } : {}),
    ...(withAddress(values)
      ? {
          street: optional(values.street),
          postal_code: optional(values.postal_code),
          city: optional(values.city),
          country: optional(values.country),
        }
      : {}),
    coupon: optional(values.coupon),
    accept_terms: values.accept_terms,
    accept_consent: values.accept_consent,
    ...(input.offer ? { offer: input.offer } : {}),
  };
}
