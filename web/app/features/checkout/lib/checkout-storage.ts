// The checkout form kept in sessionStorage: reloading or coming back from the payment page finds
// the form filled, and the same attempt keeps the same idempotency key (so the server answers
// a repeated submit with the same order instead of a second one).
import { emptyValues, type CheckoutFormValues } from "@/features/checkout/lib/checkout-form";

export const DRAFT_KEY = "inlumine.checkout";

export interface CheckoutDraft {
  product: string;
  eventId: number | null;
  values: CheckoutFormValues;
  /** One per form attempt; a new one once the attempt's order is finished. */
  idempotencyKey: string;
  /** The order the current key created, once the server answered. */
  orderId: string | null;
}

type MaybeStorage = Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;

function sessionStore(): MaybeStorage {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked by the browser: the form still works, without restore
  }
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function str(value: unknown): string {
  return typeof value === "string" ? value.slice(0, 500) : "";
}

function parseValues(raw: unknown): CheckoutFormValues {
  const v = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const quantity = typeof v.quantity === "number" && Number.isInteger(v.quantity) && v.quantity > 0 ? v.quantity : 1;
  return {
    first_name: str(v.first_name),
    last_name: str(v.last_name),
    email: str(v.email),
    phone: str(v.phone),
    company: str(v.company),
    vat_number: str(v.vat_number),
    registration_number: str(v.registration_number),
    street: str(v.street),
    postal_code: str(v.postal_code),
    city: str(v.city),
    country: str(v.country) || emptyValues.country,
    quantity,
    coupon: str(v.coupon),
    accept_terms: v.accept_terms === true,
    accept_consent: v.accept_consent === true,
  };
}

/** The stored draft, or null when there is none or it is unreadable. */
export function loadDraft(storage: MaybeStorage = sessionStore()): CheckoutDraft | null {
  try {
    const raw = storage?.getItem(DRAFT_KEY);
    if (!raw) return null;
    const data = JSON.parse(raw) as Record<string, unknown>;
    const key = str(data.idempotencyKey);
    if (typeof data.product !== "string" || key.length < 16) return null;
    return {
      product: data.product,
      eventId: typeof data.eventId === "number" ? data.eventId : null,
      values: parseValues(data.values),
      idempotencyKey: key,
      orderId: typeof data.orderId === "string" && data.orderId ? data.orderId : null,
    };
  } catch {
    return null;
  }
}

export function saveDraft(draft: CheckoutDraft, storage: MaybeStorage = sessionStore()): void {
  try {
    storage?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // full or blocked storage: nothing to restore later, nothing else breaks
  }
}

export function clearDraft(storage: MaybeStorage = sessionStore()): void {
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // ignore
  }
}

/**
 * The draft to start the checkout of `product` (and `eventId`) with. The same product and date
 * continue the stored attempt (same key, same answers); another product keeps only the buyer's
 * own details and starts a new attempt.
 */
export function draftFor(
  stored: CheckoutDraft | null,
  product: string,
  eventId: number | null,
  makeKey: () => string = newIdempotencyKey,
): CheckoutDraft {
  if (stored && stored.product === product && stored.eventId === eventId) return stored;
  const keep = stored?.values;
  return {
    product,
    eventId,
    values: keep
      ? {
          ...emptyValues,
          first_name: keep.first_name,
          last_name: keep.last_name,
          email: keep.email,
          phone: keep.phone,
          company: keep.company,
          vat_number: keep.vat_number,
          registration_number: keep.registration_number,
          street: keep.street,
          postal_code: keep.postal_code,
          city: keep.city,
          // the same product on another date keeps the number of tickets and the coupon
          ...(stored?.product === product ? { quantity: keep.quantity, coupon: keep.coupon } : {}),
        }
      : emptyValues,
    idempotencyKey: makeKey(),
    orderId: null,
  };
}

/** A fresh attempt with the same answers: the previous order was cancelled, failed or expired. */
export function withNewAttempt(draft: CheckoutDraft, makeKey: () => string = newIdempotencyKey): CheckoutDraft {
  return { ...draft, idempotencyKey: makeKey(), orderId: null };
}

/**
 * Marks the stored attempt finished when its order is `orderId` (called by the payment result
 * pages for a cancelled, failed or expired order), so "Opnieuw proberen" makes a new order.
 */
export function finishAttempt(orderId: string, storage: MaybeStorage = sessionStore()): CheckoutDraft | null {
  const draft = loadDraft(storage);
  if (!draft || draft.orderId !== orderId) return draft;
  const next = withNewAttempt(draft);
  saveDraft(next, storage);
  return next;
}
