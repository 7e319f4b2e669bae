import { Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { CheckCircle2, Clock, XCircle } from "@/components/ui/icons";
import { Live } from "@/components/ui/live";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ButtonLink, ExternalLink } from "@/components/ui/button-link";
import { Spinner } from "@/components/ui/spinner";
import { liveHref } from "@/config/site";
import { useOrder } from "@/features/checkout/api/get-order";
import { useHydrated } from "@/lib/use-hydrated";
import type { OrderSummary } from "@/lib/api-types";
import {
  OrderDetails,
  orderDetailsTexts,
  retryHref,
} from "@/features/checkout/components/order-details";
import { checkoutHref } from "@/lib/checkout-params";
import {
  clearDraft,
  finishAttempt,
  loadDraft,
} from "@/features/checkout/lib/checkout-storage";
import { EventsError } from "@/components/ui/load-status";
import { useProduct } from "@/lib/products/get-product";
import { ApiError } from "@/lib/api";

const SLOW_AFTER_MS = 30_000;

/** The pages' words: shown once the order loaded, so registered with `<LaterBlocks>`. */
const texts = {
  courseDone: { name: "payment-success.course.text", text: "Je betaling is rond. In de e-mail naar" },
  courseDoneEnd: { name: "payment-success.course.text-end", text: "staat precies hoe je toegang krijgt tot de cursus op het platform." },
  courseButton: { name: "payment-success.course.button", text: "Ga naar je cursus", label: true },
  courseLink: { name: "payment-success.course.link", text: "De link naar je cursus staat in de e-mail die we je stuurden." },
  booked: { name: "payment-success.booked.text", text: "Je plaats is geboekt. De bevestiging van je boeking zit in je mailbox" },
  bookedEnd: { name: "payment-success.booked.text-end", text: "met alle praktische informatie." },
  tickets: { name: "payment-success.tickets.title", text: "Je tickets zitten in je mailbox." },
  ticketsSent: { name: "payment-success.tickets.sent", text: "We stuurden je" },
  ticketOne: { name: "payment-success.tickets.one", text: "ticket" },
  ticketMany: { name: "payment-success.tickets.many", text: "tickets" },
  ticketsTo: { name: "payment-success.tickets.to", text: "naar" },
  ticketsEnd: {
    name: "payment-success.tickets.text-end",
    text: "met de datum om in je agenda te zetten. Toon je ticketcode gewoon aan de ingang.",
  },
  expired: { name: "payment-success.not-paid.expired", text: "De tijd om te betalen is verstreken, dus je bestelling is vervallen." },
  cancelled: { name: "payment-success.not-paid.cancelled", text: "Je bestelling werd geannuleerd." },
  refunded: { name: "payment-success.not-paid.refunded", text: "Deze bestelling werd terugbetaald." },
  failed: { name: "payment-success.not-paid.failed", text: "Je betaling is niet gelukt." },
  nothingCharged: { name: "payment-success.not-paid.nothing-charged", text: "Er is niets aangerekend." },
  retry: { name: "shared.payment.retry", text: "Opnieuw proberen", label: true },
  ask: { name: "shared.payment.ask", text: "Stel een vraag", label: true },
  unknown: {
    name: "payment-success.unknown",
    text: "We weten niet over welke bestelling het gaat. Heb je net betaald? Dan krijg je zo dadelijk een bevestiging per e-mail. Vragen? Mail naar",
  },
  notFound: { name: "payment-success.not-found", text: "We vinden deze bestelling niet. Controleer de link, of mail naar" },
  waiting: { name: "payment-success.pending.title", text: "We wachten op de bevestiging van je betaling…" },
  waitingText: {
    name: "payment-success.pending.text",
    text: "Dat duurt meestal maar enkele seconden. Je hoeft niets te doen: deze pagina werkt zichzelf bij.",
  },
  slow: {
    name: "payment-success.pending.slow",
    text: "Het duurt wat langer dan gewoonlijk. Je krijgt hoe dan ook een e-mail zodra je betaling binnen is. Vragen? Mail naar",
  },
  thanks: { name: "payment-success.paid.thanks", text: "Bedankt," },
  paid: { name: "payment-success.paid.text", text: "Je betaling is gelukt." },
  home: { name: "payment-success.home", text: "Terug naar de startpagina", label: true },
  paidAfterAll: { name: "payment-canceled.paid", text: "Goed nieuws: deze bestelling is intussen wel betaald." },
  viewOrder: { name: "payment-canceled.view-order", text: "Bekijk je bestelling", label: true },
  reasonFailed: { name: "payment-canceled.failed", text: "De betaling is niet gelukt." },
  reasonCancelled: { name: "payment-canceled.cancelled", text: "Je hebt de betaling geannuleerd." },
  reasonOpen: { name: "payment-canceled.open", text: "Je betaling is niet afgerond." },
  noCharge: { name: "payment-canceled.no-charge", text: "Geen zorgen: er is niets aangerekend" },
  seatsFree: { name: "payment-canceled.seats-free", text: ", en de plaatsen die voor je werden vastgehouden zijn weer vrij" },
  tryAgain: { name: "payment-canceled.try-again", text: ". Je gegevens staan nog klaar: met één klik probeer je het opnieuw." },
} satisfies Record<string, LaterBlock>;

/** Every text of the payment result pages, known to the page it is on. */
export function PaymentTexts() {
  return <LaterBlocks blocks={[...Object.values(texts), ...Object.values(orderDetailsTexts)]} />;
}

function Mail() {
  return (
    <a href={liveHref("email")} data-live-href="email" className="text-link">
      <Live field="email" />
    </a>
  );
}

/** What the buyer gets now: tickets by mail, a booking confirmation or the course's access link. */
function Fulfilment({ order }: { order: OrderSummary }) {
  const product = useProduct(
    order.product_kind === "event" ? order.product_slug : null,
  );
  if (order.product_kind === "course") {
    return (
      <div className="space-y-4">
        <p className="text-lg text-ink-soft">
          <Later block={texts.courseDone} /> <strong data-from="order">{order.email}</strong>{" "}
          <Later block={texts.courseDoneEnd} />
        </p>
        {order.access_url ? (
          <ExternalLink href={order.access_url} variant="primary">
            <Later block={texts.courseButton} />
          </ExternalLink>
        ) : (
          <Later block={texts.courseLink} as="p" className="block text-ink-soft" />
        )}
      </div>
    );
  }
  if (product.data?.event_kind === "zelfbeeld") {
    return (
      <p className="text-lg text-ink-soft">
        <Later block={texts.booked} /> (<strong data-from="order">{order.email}</strong>),{" "}
        <Later block={texts.bookedEnd} />
      </p>
    );
  }
  return (
    <div className="space-y-2 text-lg text-ink-soft">
      <Later block={texts.tickets} as="p" className="block font-semibold text-ink" />
      <p>
        <Later block={texts.ticketsSent} />{" "}
        {order.ticket_count === 1 ? (
          <Later block={texts.ticketOne} />
        ) : (
          <>
            <span data-from="order">{order.ticket_count || order.quantity}</span> <Later block={texts.ticketMany} />
          </>
        )}{" "}
        <Later block={texts.ticketsTo} /> <strong data-from="order">{order.email}</strong>, <Later block={texts.ticketsEnd} />
      </p>
    </div>
  );
}

function NotPaid({ order }: { order: OrderSummary }) {
  const reason =
    order.status === "expired"
      ? texts.expired
      : order.status === "cancelled"
        ? texts.cancelled
        : order.status === "refunded"
          ? texts.refunded
          : texts.failed;
  return (
    <div className="space-y-6">
      <div className="flex items-start gap-4">
        <XCircle
          aria-hidden="true"
          className="h-8 w-8 shrink-0 text-gold-ink"
        />
        <p className="text-lg text-ink-soft">
          <Later block={reason} /> {order.status === "refunded" ? null : <Later block={texts.nothingCharged} />}
        </p>
      </div>
      <OrderDetails order={order} />
      {order.status === "refunded" ? null : (
        <div className="flex flex-wrap gap-4">
          <ButtonLink to={retryHref(order)}>
            <Later block={texts.retry} />
          </ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            <Later block={texts.ask} />
          </ButtonLink>
        </div>
      )}
    </div>
  );
}

/**
 * /payment-success?order=ID: shows the order and, while the payment provider's webhook has not
 * confirmed it yet, asks again every 2 seconds. This page never changes the order itself.
 */
export function PaymentSuccessContent() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get("order");
  const order = useOrder(orderId, { poll: true });
  const status = order.data?.status;
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (status !== "pending") return;
    const timer = window.setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  useEffect(() => {
    if (!orderId || !status || status === "pending") return;
    if (status === "paid") {
      if (loadDraft()?.orderId === orderId) clearDraft();
    } else {
      finishAttempt(orderId);
    }
  }, [orderId, status]);

  if (!orderId) {
    return (
      <p className="max-w-2xl text-lg text-ink-soft">
        <Later block={texts.unknown} /> <Mail />.
      </p>
    );
  }
  if (order.isPending) return <Spinner label="Je bestelling wordt geladen…" />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return (
        <p className="max-w-2xl text-lg text-ink-soft">
          <Later block={texts.notFound} /> <Mail />.
        </p>
      );
    }
    return <EventsError />;
  }

  const data = order.data;
  return (
    <div className="max-w-2xl space-y-8">
      <div aria-live="polite" aria-atomic="true">
        {data.status === "pending" ? (
          <div className="flex items-start gap-4 rounded-2xl border border-teal/40 bg-teal-soft p-6">
            <Clock aria-hidden="true" className="h-8 w-8 shrink-0 text-teal" />
            <div className="space-y-2 text-lg text-ink">
              <Later block={texts.waiting} as="p" className="block font-semibold" />
              <Later block={texts.waitingText} as="p" className="block text-ink-soft" />
              {slow ? (
                <p className="text-ink-soft">
                  <Later block={texts.slow} /> <Mail />.
                </p>
              ) : null}
            </div>
          </div>
        ) : data.status === "paid" ? (
          <div className="flex items-start gap-4">
            <CheckCircle2
              aria-hidden="true"
              className="h-8 w-8 shrink-0 text-teal"
            />
            <p className="text-lg text-ink">
              <strong>
                <Later block={texts.thanks} /> <span data-from="order">{data.first_name}</span>!
              </strong>{" "}
              <Later block={texts.paid} />
            </p>
          </div>
        ) : null}
      </div>
      {data.status === "paid" ? (
        <>
          <OrderDetails order={data} />
          <Fulfilment order={data} />
          <ButtonLink to="/" variant="secondary">
            <Later block={texts.home} />
          </ButtonLink>
        </>
      ) : data.status === "pending" ? (
        <OrderDetails order={data} />
      ) : (
        <NotPaid order={data} />
      )}
    </div>
  );
}

/**
 * /payment-canceled?order=ID&reden=geannuleerd|mislukt: nothing was charged; "Opnieuw proberen"
 * leads back to the checkout with the form still filled (as a new attempt).
 */
export function PaymentCanceledContent() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get("order");
  const reden = searchParams.get("reden");
  const order = useOrder(orderId);
  const status = order.data?.status;
  const notFound =
    order.error instanceof ApiError && order.error.status === 404;

  useEffect(() => {
    // A pending order (e.g. back from the provider's page) can still be paid with the same attempt.
    if (orderId && ((status && status !== "pending") || notFound))
      finishAttempt(orderId);
  }, [orderId, status, notFound]);

  const draft = loadDraft();
  const heldSeats = order.data
    ? order.data.product_kind === "event"
    : Boolean(draft?.eventId);
  const retry = order.data
    ? retryHref(order.data)
    : draft
      ? checkoutHref({
          product: draft.product,
          eventId: draft.eventId,
          quantity: draft.values.quantity,
        })
      : "/checkout";

  if (status === "paid") {
    return (
      <div className="max-w-2xl space-y-6">
        <Later block={texts.paidAfterAll} as="p" className="block text-lg text-ink-soft" />
        <ButtonLink
          to={`/payment-success?order=${encodeURIComponent(orderId!)}`}
        >
          <Later block={texts.viewOrder} />
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="max-w-2xl space-y-6">
      <p className="text-lg text-ink">
        <Later block={reden === "mislukt" ? texts.reasonFailed : reden === "geannuleerd" ? texts.reasonCancelled : texts.reasonOpen} />
      </p>
      <p className="text-lg text-ink-soft">
        <Later block={texts.noCharge} />
        {heldSeats ? <Later block={texts.seatsFree} /> : null}
        <Later block={texts.tryAgain} />
      </p>
      {order.data ? <OrderDetails order={order.data} /> : null}
      <div className="flex flex-wrap gap-4">
        <ButtonLink to={retry}>
          <Later block={texts.retry} />
        </ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          <Later block={texts.ask} />
        </ButtonLink>
      </div>
    </div>
  );
}

/** /payment-success below its title: the order id is in the query string, which only the browser knows. */
export function PaymentSuccess() {
  return useHydrated() ? <PaymentSuccessContent /> : <Spinner label="Je bestelling wordt geladen…" />;
}

/** /payment-canceled below its title, for the same reason. */
export function PaymentCanceled() {
  return useHydrated() ? <PaymentCanceledContent /> : <Spinner label="Laden…" />;
}
