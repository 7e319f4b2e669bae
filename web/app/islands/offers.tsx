// The offers of the public pages as islands (DESIGN §13): what the page gives an offer (her words as
// blocks, the waiting list of a full evening) is JSX, which an island's props cannot carry, so each
// offer is named here and its page says which one. Also rendered this way inside the app.
import { Block, Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { Live } from "@/components/ui/live";
import { getCourse } from "@/config/site";
import { UpcomingEvents } from "@/features/events/components/upcoming-events";
import { LeaveEmail } from "@/features/newsletter/components/leave-email";
import { LiveCourseOffer } from "@/features/products/components/live-course-offer";
import { ProductDates } from "@/features/products/components/product-dates";
import { WaitlistForm, waitlistTexts } from "@/features/waitlist/components/waitlist-form";
import { WebinarRegistration, webinarRegistrationTexts } from "@/features/webinars/components/webinar-registration";

/** Shown once the webinars loaded, when none is planned. */
const noWebinars: LaterBlock = {
  name: "webinar-reeks.upcoming.empty",
  text: (
    <>
      Er staan nog geen nieuwe webinars gepland.{" "}
      <a href="#nieuwsbrief" className="text-link">
        Schrijf je in op de nieuwsbrief
      </a>{" "}
      en je hoort het als eerste.
    </>
  ),
};

/** De Zelfbeeld-Ommekeer's dates, with the words of the page that shows them (`blocks`, their prefix). */
function zelfbeeldOmmekeerDates(blocks: string) {
  return function ZelfbeeldOmmekeerDates() {
    return (
      <ProductDates
        slug={getCourse("zelfbeeld-ommekeer").slug}
        blocks={blocks}
        actionLabel="Boek deze datum"
        empty="Er staan op dit moment geen nieuwe data gepland."
        leaveEmail={(message) => <LeaveEmail>{message}</LeaveEmail>}
      />
    );
  };
}

const offers = {
  "begrijp-jezelf": () => (
    <LiveCourseOffer
      course={getCourse("zelfinzicht-7-stappen")}
      features={[
        <Block key="1" name="begrijp-jezelf.offer.feature1">Zeven online modules</Block>,
        <Block key="2" name="begrijp-jezelf.offer.feature2">Levenslang toegang op het platform</Block>,
        <Block key="3" name="begrijp-jezelf.offer.feature3">Werkboek om te downloaden</Block>,
      ]}
      action={{ label: <Block name="begrijp-jezelf.offer.button">Koop de cursus</Block> }}
    />
  ),
  spiegelgevecht: () => (
    <LiveCourseOffer
      course={getCourse("spiegelgevecht")}
      features={[
        <Block key="1" name="spiegelgevecht.offer.feature1">Vier videolessen</Block>,
        <Block key="2" name="spiegelgevecht.offer.feature2">Dagelijkse spiegeloefening</Block>,
        <Block key="3" name="spiegelgevecht.offer.feature3">Meteen toegang</Block>,
      ]}
      action={{ label: <Block name="spiegelgevecht.offer.button">Koop de cursus</Block> }}
    />
  ),
  "product-zelfbeeld-ommekeer": () => (
    <LiveCourseOffer
      course={getCourse("zelfbeeld-ommekeer")}
      showNextDate
      action={{
        label: <Block name="product-zelfbeeld-ommekeer.offer.button">Kies je datum</Block>,
        to: "/zelfbeeld-ommekeer-booking",
      }}
    />
  ),
  "zelfbeeld-ommekeer": () => {
    const course = getCourse("zelfbeeld-ommekeer");
    return (
      <LiveCourseOffer
        course={course}
        features={[
          <Block key="1" name="zelfbeeld-ommekeer.offer.feature1">
            {course.durationDays} volledige dagen in <Live field="city" />
          </Block>,
          <Block key="2" name="zelfbeeld-ommekeer.offer.feature2">Kleine groep</Block>,
          <Block key="3" name="zelfbeeld-ommekeer.offer.feature3">Lunch en werkboek inbegrepen</Block>,
        ]}
        showNextDate
        action={{
          label: <Block name="zelfbeeld-ommekeer.offer.button">Kies je data</Block>,
          to: "/zelfbeeld-ommekeer-booking",
        }}
        secondary={{
          label: <Block name="zelfbeeld-ommekeer.offer.button-details">Alles over deelname en prijs</Block>,
          to: "/product-zelfbeeld-ommekeer",
        }}
      />
    );
  },
  "zelfbeeld-ommekeer-dates": zelfbeeldOmmekeerDates("zelfbeeld-ommekeer.dates"),
  "zelfbeeld-ommekeer-booking-dates": zelfbeeldOmmekeerDates("zelfbeeld-ommekeer-booking.dates"),
  webinars: () => (
    <>
      <LaterBlocks blocks={[noWebinars, ...Object.values(webinarRegistrationTexts)]} />
      <UpcomingEvents
        kind="webinar"
        empty={<Later block={noWebinars} as="p" className="block rounded-2xl border border-sand bg-paper p-6 text-ink-soft" />}
        action={(event) => <WebinarRegistration event={event} />}
      />
    </>
  ),
  vertelavond: () => (
    <>
      <LaterBlocks blocks={Object.values(waitlistTexts)} />
      <ProductDates
        slug="vertelavond"
        blocks="vertelavond.dates"
        actionLabel="Koop tickets"
        firstLabel="Volgende vertelavond"
        columns={1}
        soldOut={(event) => <WaitlistForm event={event} />}
        leaveEmail={(message) => <LeaveEmail form="#nieuwsbrief">{message}</LeaveEmail>}
        empty="Er staat nog geen nieuwe vertelavond gepland."
      />
    </>
  ),
};

export type OfferName = keyof typeof offers;

/** The offer of a page, by its name. */
export function Offer({ name }: { name: OfferName }) {
  return offers[name]();
}
