import { Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { CheckoutForm } from "@/features/checkout/components/checkout-form";
import { checkoutFormBlocks } from "@/features/checkout/lib/checkout-texts";
import { parseCheckoutParams } from "@/lib/checkout-params";
import { EventsError, EventsLoading } from "@/components/ui/load-status";
import { useProduct } from "@/lib/products/get-product";
import { isBookable } from "@/lib/availability";
import { ApiError } from "@/lib/api";

/** The page's words around the form: shown only in the browser, so registered with `<LaterBlocks>`. */
const texts = {
  nothing: { name: "checkout.nothing", text: "Je hebt nog niets gekozen." },
  gone: { name: "checkout.gone", text: "Dit aanbod bestaat niet (meer) of is op dit moment niet te koop." },
  choose: {
    name: "checkout.choose",
    text: (
      <>
        Bekijk de{" "}
        <Link to="/begrijp-jezelf" className="text-link">
          cursussen
        </Link>
        , de{" "}
        <Link to="/begrijp-jezelf/vertelavond" className="text-link">
          vertelavond
        </Link>{" "}
        of{" "}
        <Link to="/zelfbeeld-ommekeer-booking" className="text-link">
          De Zelfbeeld-Ommekeer
        </Link>
        .
      </>
    ),
  },
  soldOut: { name: "checkout.sold-out", text: "deze datum is helaas uitverkocht." },
  allSoldOut: { name: "checkout.all-sold-out", text: "alle geplande data zijn uitverkocht." },
  noDate: { name: "checkout.no-date", text: "er is op dit moment geen datum gepland." },
  offered: {
    name: "checkout.offered",
    text: "Via de wachtlijst houden we één plaats voor je vast. Rond je bestelling af voor de uitnodiging verloopt.",
  },
  chosenSoldOut: { name: "checkout.chosen-sold-out", text: "De datum die je koos is helaas uitverkocht." },
  chosenGone: { name: "checkout.chosen-gone", text: "De datum die je koos is voorbij of niet meer beschikbaar." },
  nextDate: { name: "checkout.next-date", text: "Hieronder zie je de eerstvolgende datum met vrije plaatsen." },
} satisfies Record<string, LaterBlock>;

function NothingChosen({ reason }: { reason?: LaterBlock }) {
  return (
    <div className="max-w-2xl rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
      <Later block={reason ?? texts.nothing} as="p" />
      <Later block={texts.choose} as="p" className="mt-2 block" />
    </div>
  );
}

/**
 * The page's and the form's words, hidden in the built page so that Pagina's knows them: the route
 * renders this before it is hydrated, since the form itself waits for the query string.
 */
export function CheckoutLaterBlocks() {
  return <LaterBlocks blocks={[...Object.values(texts), ...checkoutFormBlocks()]} />;
}

/** /checkout?product=…[&event=…][&qty=…]: the product, its date and the form. Client-side only. */
export function CheckoutPage(props: { leaveEmail: (message: ReactNode) => ReactNode }) {
  return <CheckoutState {...props} />;
}

function CheckoutState({ leaveEmail }: { leaveEmail: (message: ReactNode) => ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseCheckoutParams(searchParams);
  const product = useProduct(params.product);

  if (!params.product) return <NothingChosen />;
  if (product.isPending) return <EventsLoading />;
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) {
      return <NothingChosen reason={texts.gone} />;
    }
    return <EventsError />;
  }

  const detail = product.data;
  if (detail.kind === "course") {
    return (
      <CheckoutForm
        key={detail.slug}
        product={detail}
        event={null}
        dates={[]}
        onDateChange={() => undefined}
        initialQuantity={null}
      />
    );
  }

  const bookable = detail.events.filter(isBookable);
  const requested = params.eventId ? detail.events.find((e) => e.id === params.eventId) : undefined;
  const requestedGone = params.eventId !== null && !requested;
  // A waiting-list offer holds a seat of a date that looks sold out to everyone else.
  const offered = params.offer && requested?.status === "published" ? requested : undefined;
  const requestedSoldOut = requested !== undefined && !isBookable(requested) && !offered;
  const event = offered ?? (requested && isBookable(requested) ? requested : (bookable[0] ?? null));

  if (!event) {
    return (
      <div className="max-w-2xl">
        {leaveEmail(
          <p>
            <span data-from="product">{detail.name}</span>:{" "}
            <Later block={requestedSoldOut ? texts.soldOut : detail.events.length > 0 ? texts.allSoldOut : texts.noDate} />
          </p>,
        )}
      </div>
    );
  }

  function onDateChange(eventId: number) {
    const next = new URLSearchParams(searchParams);
    next.set("event", String(eventId));
    next.delete("qty");
    setSearchParams(next, { replace: true, preventScrollReset: true });
  }

  return (
    <div className="space-y-8">
      {offered ? (
        <p role="status" className="max-w-2xl rounded-2xl border border-teal/40 bg-teal-soft p-4 text-ink">
          <Later block={texts.offered} />
        </p>
      ) : null}
      {requestedGone || requestedSoldOut ? (
        <p role="status" className="max-w-2xl rounded-2xl border border-gold bg-gold-soft/60 p-4 text-ink">
          <Later block={requestedSoldOut ? texts.chosenSoldOut : texts.chosenGone} /> <Later block={texts.nextDate} />
        </p>
      ) : null}
      <CheckoutForm
        key={`${detail.slug}-${event.id}`}
        product={detail}
        event={event}
        dates={offered ? [offered] : bookable}
        onDateChange={onDateChange}
        initialQuantity={offered ? 1 : params.eventId === event.id ? params.quantity : null}
        offer={offered ? params.offer : null}
      />
    </div>
  );
}
