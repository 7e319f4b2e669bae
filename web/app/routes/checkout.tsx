import { Link, useSearchParams } from "react-router";
import { Notice } from "@/components/ui/notice";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { site } from "@/config/site";
import { useUpcomingEvents } from "@/features/events/api/get-upcoming-events";
import { EventDetails } from "@/features/events/components/event-details";
import { EventsLoading } from "@/features/events/components/upcoming-events";
import { formatPriceCents } from "@/lib/format";
import { pageMeta } from "@/lib/seo";
import { useHydrated } from "@/lib/use-hydrated";

const crumbs = [{ name: "Afrekenen", path: "/checkout" }];

export function meta() {
  return pageMeta({
    title: "Afrekenen",
    description: `Bestel je ticket of cursus bij ${site.brand}.`,
    path: "/checkout",
    breadcrumbs: crumbs,
  });
}

function VertelavondSummary({ eventId }: { eventId: number | null }) {
  const { data, isPending, isError } = useUpcomingEvents("vertelavond");
  if (isPending) return <EventsLoading />;
  const event = isError ? undefined : (data.events.find((e) => e.id === eventId) ?? data.events[0]);
  if (!event) {
    return <p className="text-ink-soft">Ticket voor de vertelavond. Er is op dit moment geen datum beschikbaar.</p>;
  }
  return (
    <>
      <p className="font-serif text-2xl text-ink">{event.title}</p>
      <div className="mt-4">
        <EventDetails event={event} />
      </div>
    </>
  );
}

function OrderSummary() {
  const [params] = useSearchParams();
  const product = params.get("product");
  const eventParam = Number(params.get("event"));
  const course = site.courses.find((c) => c.slug === product);

  if (product === "vertelavond") {
    return <VertelavondSummary eventId={Number.isInteger(eventParam) && eventParam > 0 ? eventParam : null} />;
  }
  if (course) {
    return (
      <>
        <p className="font-serif text-2xl text-ink">{course.name}</p>
        <p className="mt-2 text-ink-soft">{course.description}</p>
        <p className="mt-4 font-serif text-3xl text-teal">
          <span className="whitespace-nowrap">{formatPriceCents(course.priceCents)}</span>
        </p>
        <p className="text-sm text-ink-soft">incl. btw</p>
      </>
    );
  }
  return (
    <p className="text-ink-soft">
      Je hebt nog niets gekozen. Bekijk de{" "}
      <Link to="/begrijp-jezelf" className="text-link">
        cursussen
      </Link>{" "}
      of de{" "}
      <Link to="/begrijp-jezelf/vertelavond" className="text-link">
        vertelavond
      </Link>
      .
    </p>
  );
}

export default function Checkout() {
  const hydrated = useHydrated();
  return (
    <>
      <PageHero title="Afrekenen" breadcrumbs={crumbs} />
      <Section>
        <div className="grid gap-10 lg:grid-cols-2">
          <section aria-labelledby="bestelling-titel" className="rounded-3xl border border-sand bg-paper p-6 sm:p-8">
            <h2 id="bestelling-titel" className="text-sm font-semibold uppercase tracking-widest text-gold-ink">
              Je bestelling
            </h2>
            <div className="mt-4">{hydrated ? <OrderSummary /> : <EventsLoading />}</div>
          </section>
          <Notice title="Online betalen is binnenkort mogelijk" tone="gold">
            <p>
              Online betalen is binnenkort mogelijk. Wil je nu al inschrijven?{" "}
              <a href={`mailto:${site.contact.email}`} className="text-link">
                Mail ons
              </a>{" "}
              op {site.contact.email} of bel naar {site.contact.phone}, dan regelen we het samen.
            </p>
          </Notice>
        </div>
      </Section>
    </>
  );
}
