import { Notice } from "@/components/ui/notice";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { getCourse, site, liveHref } from "@/config/site";
import { LiveCourseOffer } from "@/features/products/components/live-course-offer";
import { courseJsonLd, pageMeta } from "@/lib/seo";

function crumbs() {
  const course = getCourse("zelfbeeld-ommekeer");
  return [
    { name: "Transformeer", path: "/transformeer" },
    { name: course.name, path: course.path },
    { name: "Deelnemen", path: "/product-zelfbeeld-ommekeer" },
  ];
}

export function meta() {
  const course = getCourse("zelfbeeld-ommekeer");
  return pageMeta({
    title: `${course.name} – deelnemen`,
    description: course.description,
    path: "/product-zelfbeeld-ommekeer",
    breadcrumbs: crumbs(),
    jsonLd: [courseJsonLd(course)],
  });
}

export default function ProductZelfbeeldOmmekeer() {
  const course = getCourse("zelfbeeld-ommekeer");
  const included = [
    `${course.durationDays} volledige dagen begeleiding in een kleine groep`,
    `Een rustige locatie in ${site.contact.city}`,
    "Lunch, koffie, thee en versnaperingen",
    "Een persoonlijk werkboek om thuis verder te gaan",
    "Een opvolgingsgesprek een maand later",
  ];
  return (
    <>
      <PageHero
        eyebrow="Deelnemen"
        title={course.name}
        breadcrumbs={crumbs()}
        intro={<p>{course.description}</p>}
      />
      <Section id="inbegrepen" title="Wat is inbegrepen">
        <div className="grid gap-10 lg:grid-cols-[1.2fr_0.8fr]">
          <div>
            <ul className="space-y-3 text-lg text-ink-soft">
              {included.map((i) => (
                <li key={i} className="flex gap-3">
                  <span aria-hidden="true" className="text-gold-ink">
                    ✦
                  </span>
                  <span>{i}</span>
                </li>
              ))}
            </ul>
            <div className="mt-10">
              <Notice title="Zo boek je je plaats" tone="gold">
                <ol className="list-decimal space-y-1 pl-5">
                  <li>
                    Kies de reeks van {course.durationDays} dagen die voor jou
                    past.
                  </li>
                  <li>Vul je gegevens in en betaal veilig online.</li>
                  <li>Je krijgt meteen een bevestiging per e-mail.</li>
                </ol>
                <p className="mt-3">
                  Liever eerst een vraag stellen?{" "}
                  <a
                    href={liveHref("email")}
                    data-live-href="email"
                    className="text-link"
                  >
                    Mail ons
                  </a>
                  .
                </p>
              </Notice>
            </div>
          </div>
          <LiveCourseOffer
            course={course}
            showNextDate
            action={{
              label: "Kies je datum",
              to: "/zelfbeeld-ommekeer-booking",
            }}
          />
        </div>
      </Section>
    </>
  );
}
