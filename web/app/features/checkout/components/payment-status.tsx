import { CheckCircle2, Clock, XCircle } from "@/components/ui/icons";
import { Live } from "@/components/ui/live";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ButtonLink, ExternalLink } from "@/components/ui/button-link";
import { Spinner } from "@/components/ui/spinner";
import { liveHref } from "@/config/site";
import { useOrder } from "@/features/checkout/api/get-order";
import type { OrderSummary } from "@/lib/api-types";
import {
  OrderDetails,
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
          Je betaling is rond. In de e-mail naar <strong>{order.email}</strong>{" "}
          staat precies hoe je toegang krijgt tot de cursus op het platform.
        </p>
        {order.access_url ? (
          <ExternalLink href={order.access_url} variant="primary">
            Ga naar je cursus
          </ExternalLink>
        ) : (
          <p className="text-ink-soft">
            De link naar je cursus staat in de e-mail die we je stuurden.
          </p>
        )}
      </div>
    );
  }
  if (product.data?.event_kind === "zelfbeeld") {
    return (
      <p className="text-lg text-ink-soft">
        Je plaats is geboekt. De bevestiging van je boeking zit in je mailbox (
        <strong>{order.email}</strong>), met alle praktische informatie.
      </p>
    );
  }
  return (
    <div className="space-y-2 text-lg text-ink-soft">
      <p className="font-semibold text-ink">Je tickets zitten in je mailbox.</p>
      <p>
        We stuurden{" "}
        {order.ticket_count === 1
          ? "je ticket"
          : `je ${order.ticket_count || order.quantity} tickets`}{" "}
        naar <strong>{order.email}</strong>, met de datum om in je agenda te
        zetten. Toon je ticketcode gewoon aan de ingang.
      </p>
    </div>
  );
}

function NotPaid({ order }: { order: OrderSummary }) {
  const reason =
    order.status === "expired"
      ? "De tijd om te betalen is verstreken, dus je bestelling is vervallen."
      : order.status === "cancelled"
        ? "Je bestelling werd geannuleerd."
        : order.status === "refunded"
          ? "Deze bestelling werd terugbetaald."
          : "Je betaling is niet gelukt.";
  return (
    <div className="space-y-6">
      <div className="flex items-start gap-4">
        <XCircle
          aria-hidden="true"
          className="h-8 w-8 shrink-0 text-gold-ink"
        />
        <p className="text-lg text-ink-soft">
          {reason}{" "}
          {order.status === "refunded" ? "" : "Er is niets aangerekend."}
        </p>
      </div>
      <OrderDetails order={order} />
      {order.status === "refunded" ? null : (
        <div className="flex flex-wrap gap-4">
          <ButtonLink to={retryHref(order)}>Opnieuw proberen</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            Stel een vraag
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
        We weten niet over welke bestelling het gaat. Heb je net betaald? Dan
        krijg je zo dadelijk een bevestiging per e-mail. Vragen? Mail naar{" "}
        <Mail />.
      </p>
    );
  }
  if (order.isPending) return <Spinner label="Je bestelling wordt geladen…" />;
  if (order.isError) {
    if (order.error instanceof ApiError && order.error.status === 404) {
      return (
        <p className="max-w-2xl text-lg text-ink-soft">
          We vinden deze bestelling niet. Controleer de link, of mail naar{" "}
          <Mail />.
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
              <p className="font-semibold">
                We wachten op de bevestiging van je betaling…
              </p>
              <p className="text-ink-soft">
                Dat duurt meestal maar enkele seconden. Je hoeft niets te doen:
                deze pagina werkt zichzelf bij.
              </p>
              {slow ? (
                <p className="text-ink-soft">
                  Het duurt wat langer dan gewoonlijk. Je krijgt hoe dan ook een
                  e-mail zodra je betaling binnen is. Vragen? Mail naar <Mail />
                  .
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
              <strong>Bedankt, {data.first_name}!</strong> Je betaling is
              gelukt.
            </p>
          </div>
        ) : null}
      </div>
      {data.status === "paid" ? (
        <>
          <OrderDetails order={data} />
          <Fulfilment order={data} />
          <ButtonLink to="/" variant="secondary">
            Terug naar de startpagina
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
        <p className="text-lg text-ink-soft">
          Goed nieuws: deze bestelling is intussen wel betaald.
        </p>
        <ButtonLink
          to={`/payment-success?order=${encodeURIComponent(orderId!)}`}
        >
          Bekijk je bestelling
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="max-w-2xl space-y-6">
      <p className="text-lg text-ink">
        {reden === "mislukt"
          ? "De betaling is niet gelukt."
          : reden === "geannuleerd"
            ? "Je hebt de betaling geannuleerd."
            : "Je betaling is niet afgerond."}
      </p>
      <p className="text-lg text-ink-soft">
        Geen zorgen: er is niets aangerekend
        {heldSeats
          ? ", en de plaatsen die voor je werden vastgehouden zijn weer vrij"
          : ""}
        . Je gegevens staan nog klaar: met één klik probeer je het opnieuw.
      </p>
      {order.data ? <OrderDetails order={order.data} /> : null}
      <div className="flex flex-wrap gap-4">
        <ButtonLink to={retry}>Opnieuw proberen</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          Stel een vraag
        </ButtonLink>
      </div>
    </div>
  );
}
