import { FlaskConical } from "@/components/ui/icons";
import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { buttonClasses, ButtonLink } from "@/components/ui/button-link";
import { completeSimulatedPayment, useSimulatedPayment } from "@/features/checkout/api/simulated-payment";
import type { SimulatedButton } from "@/lib/api-types";
import { leaveTo } from "@/features/checkout/lib/leave-to";
import { EventsError, EventsLoading } from "@/components/ui/load-status";
import { ApiError } from "@/lib/api";
import { useHydrated } from "@/lib/use-hydrated";
import { formatPriceCents } from "@/lib/format";

const OPEN_STATUSES = new Set(["pending", "open", "created"]);

const outcomes: { outcome: SimulatedButton; label: string; variant: "primary" | "secondary" }[] = [
  { outcome: "paid", label: "Betalen", variant: "primary" },
  { outcome: "cancelled", label: "Annuleren", variant: "secondary" },
  { outcome: "failed", label: "Mislukt", variant: "secondary" },
];

/**
 * The simulated provider's payment page: each button sends the same signed webhook a real
 * provider would, then follows the server's redirect to the result page.
 */
export function SimulatedPaymentContent() {
  const [searchParams] = useSearchParams();
  const ref = searchParams.get("sessie");
  const payment = useSimulatedPayment(ref);
  const [busy, setBusy] = useState<SimulatedButton | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busyRef = useRef(false);

  async function finish(outcome: SimulatedButton) {
    if (!ref || busyRef.current) return;
    busyRef.current = true;
    setBusy(outcome);
    setError(null);
    try {
      const { redirect_url } = await completeSimulatedPayment(ref, outcome);
      leaveTo(redirect_url);
    } catch (e) {
      busyRef.current = false;
      setBusy(null);
      setError(e instanceof ApiError && e.message ? e.message : "Dat lukte niet. Probeer het opnieuw.");
    }
  }

  const notice = (
    <div className="flex items-start gap-3 rounded-2xl border border-gold bg-gold-soft/60 p-5 text-ink">
      <FlaskConical aria-hidden="true" className="mt-1 h-6 w-6 shrink-0 text-gold-ink" />
      <p>
        <strong>Testbetaling — er wordt geen echt geld betaald.</strong> Deze pagina vervangt de betaalpagina van een
        echte betaalprovider, zodat de hele bestelling getest kan worden.
      </p>
    </div>
  );

  if (!ref) {
    return (
      <div className="max-w-2xl space-y-6">
        {notice}
        <p className="text-lg text-ink-soft">Er is geen betaling om af te ronden.</p>
      </div>
    );
  }
  if (payment.isPending) return <EventsLoading />;
  if (payment.isError) {
    return (
      <div className="max-w-2xl space-y-6">
        {notice}
        {payment.error instanceof ApiError && payment.error.status === 404 ? (
          <p className="text-lg text-ink-soft">Deze testbetaling bestaat niet.</p>
        ) : (
          <EventsError />
        )}
      </div>
    );
  }

  const data = payment.data;
  const open = OPEN_STATUSES.has(data.status);
  return (
    <div className="max-w-2xl space-y-8">
      {notice}
      <section aria-labelledby="betaling-titel" className="rounded-3xl border border-sand bg-paper p-6 sm:p-8">
        <h2 id="betaling-titel" className="text-sm font-semibold uppercase tracking-widest text-gold-ink">
          Te betalen
        </h2>
        <p className="mt-3 text-lg text-ink">{data.description}</p>
        <p className="mt-2 font-serif text-4xl text-teal">
          <span className="whitespace-nowrap">{formatPriceCents(data.amount_cents)}</span>
        </p>
        {open ? (
          <div className="mt-8 flex flex-wrap gap-3">
            {outcomes.map(({ outcome, label, variant }) => (
              <button
                key={outcome}
                type="button"
                disabled={busy !== null}
                onClick={() => void finish(outcome)}
                className={buttonClasses(variant)}
              >
                {busy === outcome ? "Bezig..." : label}
              </button>
            ))}
          </div>
        ) : (
          <div className="mt-6 space-y-4">
            <p className="text-ink-soft">Deze testbetaling is al afgerond.</p>
            <ButtonLink to={`/payment-success?order=${encodeURIComponent(data.order_id)}`} variant="secondary">
              Bekijk de bestelling
            </ButtonLink>
          </div>
        )}
        <div role="alert" className="mt-4">
          {error ? <p className="font-medium text-red-900">{error}</p> : null}
        </div>
      </section>
    </div>
  );
}

/** The page below its title: the payment's reference is in the query string, which only the browser knows. */
export function SimulatedPayment() {
  return useHydrated() ? <SimulatedPaymentContent /> : <EventsLoading />;
}
