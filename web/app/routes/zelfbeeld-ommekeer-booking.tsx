import { Link } from "react-router";
import { Block } from "@/components/ui/block";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { getCourse, site, liveHref } from "@/config/site";
import { Island, islandsPage } from "@/islands/island";
import { Offer } from "@/islands/offers";
import { formatPriceCents } from "@/lib/format";
import { pageMeta } from "@/lib/seo";

function crumbs() {
  const course = getCourse("zelfbeeld-ommekeer");
  return [
    { name: "Transformeer", path: "/transformeer" },
    { name: course.name, path: course.path },
    { name: "Data kiezen", path: "/zelfbeeld-ommekeer-booking" },
  ];
}

export const handle = islandsPage;

export function meta() {
  const course = getCourse("zelfbeeld-ommekeer");
  return pageMeta({
    title: `${course.name} boeken`,
    description: `Kies je data voor ${course.name}: ${course.durationDays} dagen in ${site.contact.city}, ${formatPriceCents(course.priceCents)} incl. btw.`,
    path: "/zelfbeeld-ommekeer-booking",
    breadcrumbs: crumbs(),
  });
}

export default function ZelfbeeldOmmekeerBooking() {
  const course = getCourse("zelfbeeld-ommekeer");
  return (
    <>
      <PageHero
        eyebrow={<Block name="zelfbeeld-ommekeer-booking.eyebrow">Boeken</Block>}
        title={<Block name="zelfbeeld-ommekeer-booking.title">{`${course.name} boeken`}</Block>}
        breadcrumbs={crumbs()}
        intro={
          <p>
            <Block name="zelfbeeld-ommekeer-booking.intro">
              {`Kies de reeks van ${course.durationDays} dagen die voor jou past. Deelname kost`}
            </Block>{" "}
            <span data-from="product" className="whitespace-nowrap">
              {formatPriceCents(course.priceCents)}
            </span>{" "}
            <Block name="zelfbeeld-ommekeer-booking.intro-price">incl. btw, lunch en werkboek inbegrepen.</Block>
          </p>
        }
      />
      <Section
        id="data"
        title={<Block name="zelfbeeld-ommekeer-booking.dates.title">Beschikbare data</Block>}
      >
        <Island name="offer" component={Offer} props={{ name: "zelfbeeld-ommekeer-booking-dates" }} />
        {/* The mail link stays outside the block: its address is a live business detail. */}
        <p className="mt-10 max-w-2xl text-ink-soft">
          <Block name="zelfbeeld-ommekeer-booking.dates.text">
            Je boekt per reeks van {course.durationDays} dagen. Na je betaling
            krijg je meteen een bevestiging per e-mail, met alle praktische
            informatie. Vragen over je deelname?
          </Block>{" "}
          <a
            href={liveHref("email")}
            data-live-href="email"
            className="text-link"
          >
            <Block name="zelfbeeld-ommekeer-booking.dates.mail">Mail ons</Block>
          </a>
          .
        </p>
        <Block name="zelfbeeld-ommekeer-booking.more" as="p" className="mt-8 text-ink-soft">
          Meer weten over het programma? Lees alles over{" "}
          <Link to={course.path} className="text-link">
            {course.name}
          </Link>
          .
        </Block>
      </Section>
    </>
  );
}
