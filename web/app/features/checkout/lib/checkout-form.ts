// The checkout form's values, their client-side checks and the request body built from them.
import type { CheckoutRequest } from "@/lib/api-types";

export interface CheckoutFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company: string;
  vat_number: string;
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

/** The same checks the server makes first, so most mistakes show before anything is sent. */
export function validateCheckout(values: CheckoutFormValues, maxQuantity: number): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (!values.first_name.trim()) errors.first_name = "Vul je voornaam in.";
  if (!values.last_name.trim()) errors.last_name = "Vul je familienaam in.";
  if (!values.email.trim()) errors.email = "Vul je e-mailadres in.";
  else if (!EMAIL.test(values.email.trim())) errors.email = "Dit e-mailadres lijkt niet te kloppen.";
  if (!Number.isInteger(values.quantity) || values.quantity < 1) {
    errors.quantity = "Kies minstens 1 ticket.";
  } else if (values.quantity > maxQuantity) {
    errors.quantity =
      maxQuantity === 1 ? "Je kunt 1 plaats per bestelling boeken." : `Je kunt hoogstens ${maxQuantity} tickets bestellen.`;
  }
  if (!values.accept_terms) {
    errors.accept_terms = "Om te bestellen moet je akkoord gaan met de algemene voorwaarden en de privacyverklaring.";
  }
  if (!values.accept_consent) errors.accept_consent = "Vink dit aan om verder te gaan.";
  // A company's invoice needs its whole address (the server says the same).
  if (values.company.trim()) {
    if (!values.street.trim()) errors.street = "Vul de straat en het huisnummer van je bedrijf in: ze komen op de factuur.";
    if (!values.postal_code.trim()) errors.postal_code = "Vul de postcode van je bedrijf in.";
    if (!values.city.trim()) errors.city = "Vul de gemeente van je bedrijf in.";
    if (!values.country.trim()) errors.country = "Kies het land van je bedrijf.";
  }
  return errors;
}

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
