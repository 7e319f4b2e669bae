import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from "react";
import { CheckboxField, Field, InputField, SelectField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { errorMessage, focusFirstInvalid, hasErrors, serverFieldErrors } from "@/components/form/form-errors";
import { inputClass } from "@/components/form/styles";
import { Later } from "@/components/ui/block";
import { buttonClasses } from "@/components/ui/button-link";
import { useConsent } from "@/features/checkout/api/get-consent";
import { useOrder } from "@/features/checkout/api/get-order";
import { useQuote } from "@/features/checkout/api/get-quote";
import { startCheckout } from "@/features/checkout/api/start-checkout";
import type { OrderRequest } from "@/lib/api-types";
import { PriceBreakdown } from "@/features/checkout/components/price-breakdown";
import {
  asksRegistration,
  CHECKOUT_FIELDS,
  checkoutMessages,
  checkoutRequest,
  registrationLabel,
  tooManyText,
  tooManyTickets,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutFormValues,
} from "@/features/checkout/lib/checkout-form";
import { draftFor, loadDraft, saveDraft, withNewAttempt, type CheckoutDraft } from "@/features/checkout/lib/checkout-storage";
import { leaveTo } from "@/features/checkout/lib/leave-to";
import { COUNTRY_OPTIONS } from "@/features/checkout/lib/countries";
import { formatDiscountCents } from "@/features/checkout/lib/price";
import { formTexts as t, summaryTexts } from "@/features/checkout/lib/checkout-texts";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import type { ProductDetail } from "@/lib/api-types";
import { formatEventWhen, maxQuantity, seatsLabel, venueLine } from "@/lib/availability";
import { ApiError } from "@/lib/api";
import type { PublicEvent } from "@/lib/api-types";
import { formatPriceCents } from "@/lib/format";

const START_FAILED = checkoutMessages.startFailed.text;

interface CheckoutFormProps {
  product: ProductDetail;
  /** The chosen date of an event product (null for a course). */
  event: PublicEvent | null;
  /** The bookable dates to choose from (event products with more than one date). */
  dates: PublicEvent[];
  onDateChange: (eventId: number) => void;
  /** `qty` from the query string. */
  initialQuantity: number | null;
  /** A waiting-list offer's token: its one held seat is this order's. */
  offer?: string | null;
}

function initialDraft(product: string, eventId: number | null, quantity: number | null): CheckoutDraft {
  const draft = draftFor(loadDraft(), product, eventId);
  return quantity ? { ...draft, values: { ...draft.values, quantity } } : draft;
}

/**
 * The checkout form. Its answers and idempotency key live in sessionStorage, so a reload, a
 * second click or the way back from the payment page never makes a second order.
 */
export function CheckoutForm({ product, event, dates, onDateChange, initialQuantity, offer = null }: CheckoutFormProps) {
  const eventId = event?.id ?? null;
  const isEvent = product.kind === "event";
  const [draft, setDraft] = useState(() => initialDraft(product.slug, eventId, initialQuantity));
  const values = draft.values;
  const [appliedCoupon, setAppliedCoupon] = useState(() => values.coupon.trim());
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => saveDraft(draft), [draft]);

  // The stored attempt's order is over (cancelled, failed, expired, paid): the next submit is a new attempt.
  const previousOrder = useOrder(draft.orderId);
  useEffect(() => {
    const status = previousOrder.data?.status;
    if (status && status !== "pending") setDraft((d) => (d.orderId === previousOrder.data?.order_id ? withNewAttempt(d) : d));
  }, [previousOrder.data]);

  // Back from the payment page out of the browser's back/forward cache: the form is usable again.
  useEffect(() => {
    function onPageShow(e: PageTransitionEvent) {
      if (!e.persisted) return;
      submittingRef.current = false;
      setSubmitting(false);
    }
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const consent = useConsent(product.slug);

  // An offer holds exactly one seat, which the public count already shows as taken.
  const computedMax = offer ? 1 : isEvent ? maxQuantity(product.max_per_order, event?.seats_left ?? 0) : 1;
  const debouncedQuantity = useDebouncedValue(values.quantity, 400);
  const quantityInRange = Number.isInteger(debouncedQuantity) && debouncedQuantity >= 1 && debouncedQuantity <= computedMax;
  const quoteBody: OrderRequest | null =
    quantityInRange && (!isEvent || eventId)
      ? {
          product: product.slug,
          ...(eventId ? { event_id: eventId } : {}),
          quantity: debouncedQuantity,
          ...(appliedCoupon ? { coupon: appliedCoupon } : {}),
          ...(offer ? { offer } : {}),
        }
      : null;
  const quote = useQuote(quoteBody);
  const quoteData = quote.data?.quote ?? null;
  const maxQ = quoteData ? Math.min(computedMax, quoteData.max_quantity) : computedMax;
  const showQuantity = isEvent && product.max_per_order > 1 && !offer;

  const quoteError = quote.error;
  const soldOut = quoteError instanceof ApiError && quoteError.status === 409 ? errorMessage(quoteError, "") : null;
  const quoteQuantityError = quoteError instanceof ApiError ? quoteError.fields?.quantity : undefined;
  const couponError = errors.coupon ?? (appliedCoupon ? (quote.data?.couponError ?? undefined) : undefined);
  const appliedCode = appliedCoupon && quoteData?.coupon ? quoteData.coupon.code : null;

  const liveQuantityError =
    showQuantity && values.quantity > maxQ
      ? maxQ === 1
        ? checkoutMessages.oneLeft.text
        : tooManyText(maxQ)
      : undefined;
  const quantityMessage = errors.quantity ?? liveQuantityError ?? quoteQuantityError;
  // The most one may order, with its number between two blocks.
  const quantityError =
    quantityMessage === tooManyText(maxQ) ? (
      <>
        <Later block={tooManyTickets.before} /> <span data-from="product">{maxQ}</span> <Later block={tooManyTickets.after} />
      </>
    ) : (
      quantityMessage
    );

  function update<K extends keyof CheckoutFormValues>(field: K, value: CheckoutFormValues[K]) {
    setDraft((d) => ({ ...d, values: { ...d.values, [field]: value } }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    if (field === "coupon" && typeof value === "string" && value.trim() === "") setAppliedCoupon("");
  }

  /** What an InputField needs for the text answer `key`. */
  function field<
    K extends "first_name" | "last_name" | "email" | "phone" | "company" | "vat_number" | "registration_number" | "street" | "postal_code" | "city",
  >(key: K) {
    const onChange = (e: ChangeEvent<HTMLInputElement>) => update(key, e.target.value);
    return { name: key, value: values[key], onChange, error: errors[key] };
  }

  function applyCoupon() {
    setErrors((e) => ({ ...e, coupon: undefined }));
    setAppliedCoupon(values.coupon.trim());
  }

  function onCouponKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter") {
      e.preventDefault(); // Enter in the coupon field applies the code instead of ordering
      applyCoupon();
    }
  }

  function showErrors(fieldErrors: CheckoutErrors, general: string | null) {
    setErrors(fieldErrors);
    setFormError(general);
    focusFirstInvalid(formRef.current);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submittingRef.current) return;

    const clientErrors = validateCheckout(values, maxQ);
    if (!consent.data) delete clientErrors.accept_consent;
    if (hasErrors(clientErrors)) {
      showErrors(clientErrors, null);
      return;
    }
    if (values.coupon.trim() !== appliedCoupon) setAppliedCoupon(values.coupon.trim());

    submittingRef.current = true;
    setSubmitting(true);
    setFormError(null);
    setErrors({});
    const key = draft.idempotencyKey;
    try {
      const started = await startCheckout(
        checkoutRequest({ idempotencyKey: key, product: product.slug, eventId, values: offer ? { ...values, quantity: 1 } : values, offer }),
      );
      const next = { ...draft, orderId: started.order_id };
      saveDraft(next);
      setDraft(next);
      // Stay "Bezig..." while the browser leaves for the payment page.
      leaveTo(started.checkout_url);
    } catch (error) {
      submittingRef.current = false;
      setSubmitting(false);
      if (error instanceof ApiError && error.status === 422) {
        // Nothing was ordered: the corrected form is a new attempt.
        setDraft((d) => withNewAttempt(d));
        const { fields, other } = serverFieldErrors(error, CHECKOUT_FIELDS);
        const general = other.length > 0 ? other.join(" ") : hasErrors(fields) ? null : errorMessage(error, START_FAILED);
        showErrors(fields, general);
      } else if (error instanceof ApiError && error.status === 409) {
        void quote.refetch();
        showErrors({}, errorMessage(error, checkoutMessages.soldOut.text));
      } else {
        // The outcome is unknown (network, server): keep the key, so trying again cannot order twice.
        showErrors({}, errorMessage(error, START_FAILED));
      }
    }
  }

  const blocked = Boolean(soldOut) || consent.isError || maxQ < 1;

  return (
    <div className="grid gap-10 lg:grid-cols-[1.2fr_0.8fr]">
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Bestelformulier" className="space-y-10">
        <FormAlert message={formError} />

        <fieldset className="space-y-5">
          <legend className="font-serif text-2xl text-ink">
            <Later block={t.yourDetails} />
          </legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField label={<Later block={t.firstName} />} {...field("first_name")} type="text" required autoComplete="given-name" />
            <InputField label={<Later block={t.lastName} />} {...field("last_name")} type="text" required autoComplete="family-name" />
          </div>
          <InputField
            label={<Later block={t.email} />}
            {...field("email")}
            hint={<Later block={isEvent ? t.emailHintTickets : t.emailHint} />}
            type="email"
            required
            autoComplete="email"
          />
          <InputField label={<Later block={t.phone} />} {...field("phone")} optional type="tel" autoComplete="tel" />
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              label={<Later block={t.company} />}
              {...field("company")}
              optional
              hint={<Later block={t.companyHint} />}
              type="text"
              autoComplete="organization"
            />
            <InputField
              label={<Later block={t.vatNumber} />}
              {...field("vat_number")}
              optional
              hint={<Later block={t.vatHint} />}
              type="text"
            />
          </div>
          {values.company.trim() ? (
            <fieldset className="space-y-5">
              <legend className="font-medium text-ink">
                <Later block={t.companyAddress} />
              </legend>
              <InputField
                label={<Later block={t.street} />}
                {...field("street")}
                required
                type="text"
                autoComplete="street-address"
              />
              <div className="grid gap-5 sm:grid-cols-[1fr_2fr]">
                <InputField label={<Later block={t.postalCode} />} {...field("postal_code")} required type="text" autoComplete="postal-code" />
                <InputField label={<Later block={t.city} />} {...field("city")} required type="text" autoComplete="address-level2" />
              </div>
              <SelectField
                label={<Later block={t.country} />}
                name="country"
                required
                value={values.country}
                error={errors.country}
                autoComplete="country"
                onChange={(e) => update("country", e.target.value)}
              >
                {COUNTRY_OPTIONS.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </SelectField>
              {asksRegistration(values) ? (
                <InputField
                  label={<Later block={registrationLabel(values.country).label} />}
                  {...field("registration_number")}
                  required={values.country === "BE"}
                  optional={values.country !== "BE"}
                  hint={<Later block={registrationLabel(values.country).hint} />}
                  type="text"
                />
              ) : null}
            </fieldset>
          ) : null}
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="font-serif text-2xl text-ink">
            <Later block={t.yourOrder} />
          </legend>
          {isEvent && dates.length > 1 ? (
            <SelectField
              label={<Later block={t.date} />}
              name="event_id"
              value={eventId ?? ""}
              onChange={(e) => onDateChange(Number(e.target.value))}
            >
              {dates.map((d) => (
                <option key={d.id} value={d.id}>
                  {formatEventWhen(d.starts_at, d.ends_at)} ({seatsLabel(d.seats_left).toLowerCase()})
                </option>
              ))}
            </SelectField>
          ) : null}
          {showQuantity ? (
            <InputField
              label={<Later block={t.quantity} />}
              error={quantityError}
              hint={
                <>
                  <Later block={t.quantityHint} /> <span data-from="product">{maxQ}</span> <Later block={t.quantityHintAfter} />
                  {event ? <span data-from="event"> · {seatsLabel(event.seats_left).toLowerCase()}</span> : null}.
                </>
              }
              className="max-w-xs"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, maxQ)}
              step={1}
              required
              value={Number.isFinite(values.quantity) && values.quantity > 0 ? values.quantity : ""}
              onChange={(e) => update("quantity", e.target.value === "" ? 0 : Math.floor(Number(e.target.value)))}
            />
          ) : null}
          <Field label={<Later block={t.coupon} />} optional error={couponError}>
            {(p) => (
              <>
                <div className="flex flex-wrap items-start gap-3">
                  <input
                    {...p}
                    aria-describedby={[p["aria-describedby"], "kortingscode-status"].filter(Boolean).join(" ")}
                    name="coupon"
                    type="text"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    value={values.coupon}
                    onChange={(e) => update("coupon", e.target.value)}
                    onKeyDown={onCouponKeyDown}
                    className={`${inputClass} max-w-xs flex-1 uppercase`}
                  />
                  <button type="button" onClick={applyCoupon} className={buttonClasses("secondary", "mt-1")}>
                    <Later block={t.apply} />
                  </button>
                </div>
                <p id="kortingscode-status" aria-live="polite" className="mt-1 text-sm font-medium text-teal">
                  {appliedCode && quoteData ? (
                    <>
                      <Later block={t.coupon} />{" "}
                      <span data-from="quote">
                        {appliedCode}: {formatDiscountCents(quoteData.discount_cents)}
                      </span>
                    </>
                  ) : null}
                </p>
              </>
            )}
          </Field>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="font-serif text-2xl text-ink">
            <Later block={t.terms} />
          </legend>
          <CheckboxField
            name="accept_terms"
            checked={values.accept_terms}
            onChange={(checked) => update("accept_terms", checked)}
            error={errors.accept_terms}
          >
            <Later block={t.accept} />
          </CheckboxField>
          {consent.data ? (
            <CheckboxField
              name="accept_consent"
              checked={values.accept_consent}
              onChange={(checked) => update("accept_consent", checked)}
              error={errors.accept_consent}
            >
              <span data-from="product">{consent.data.text}</span>
            </CheckboxField>
          ) : consent.isError ? (
            <p role="alert" className="text-red-900">
              <Later block={t.consentError} />
            </p>
          ) : (
            <p role="status" className="text-ink-soft">
              <Later block={t.loading} />
            </p>
          )}
        </fieldset>

        <div className="space-y-4 border-t border-sand pt-6">
          {soldOut ? (
            <p data-from="server" className="rounded-2xl border border-gold bg-gold-soft/60 p-4 font-medium text-ink">
              {soldOut}
            </p>
          ) : null}
          {quoteData ? (
            <p className="text-lg text-ink">
              <Later block={t.toPay} /> <strong className="whitespace-nowrap">{formatPriceCents(quoteData.total_cents)}</strong>{" "}
              <Later block={t.inclVat} className="text-sm text-ink-soft" />
            </p>
          ) : null}
          <button type="submit" disabled={submitting || blocked} className={buttonClasses("primary", "w-full sm:w-auto")}>
            <Later block={submitting ? t.busy : t.submit} />
          </button>
          <p className="text-sm text-ink-soft">
            <Later block={t.payNext} />
            {isEvent ? (
              <>
                {" "}
                <Later block={t.seatsHeld} />
              </>
            ) : null}
          </p>
        </div>
      </form>

      <aside aria-labelledby="samenvatting-titel" className="lg:sticky lg:top-6 lg:self-start">
        <div className="rounded-3xl border border-sand bg-paper p-6 sm:p-8">
          <h2 id="samenvatting-titel" className="text-sm font-semibold uppercase tracking-widest text-gold-ink">
            <Later block={summaryTexts.title} />
          </h2>
          <p data-from="product" className="mt-3 font-serif text-2xl text-ink">
            {product.name}
          </p>
          {event ? (
            <div data-from="event" className="mt-2 space-y-1 text-ink-soft">
              {event.title !== product.name ? <p className="font-medium text-ink">{event.title}</p> : null}
              <p>{formatEventWhen(event.starts_at, event.ends_at)}</p>
              {venueLine(event) ? <p>{venueLine(event)}</p> : null}
            </div>
          ) : product.kind === "course" ? (
            <p className="mt-2 text-ink-soft">
              <Later block={summaryTexts.course} />
            </p>
          ) : null}
          <div className="mt-6" aria-live="polite">
            {quoteData ? (
              <PriceBreakdown quote={quoteData} updating={quote.isFetching} />
            ) : quote.isError ? (
              <p className="text-ink-soft">
                <Later block={summaryTexts.priceError} />
              </p>
            ) : (
              <p role="status" className="text-ink-soft">
                <Later block={summaryTexts.pricing} />
              </p>
            )}
          </div>
        </div>
      </aside>
    </div>
  );
}
