import { Block } from "@/components/ui/block";
import { Mail, MapPin, Phone } from "@/components/ui/icons";
import { ExternalLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { Live } from "@/components/ui/live";
import { liveHref, site } from "@/config/site";
import { ContactForm } from "@/features/contact/components/contact-form";
import { pageMeta } from "@/lib/seo";
import { Island, islandsPage } from "@/islands/island";

export const handle = islandsPage;

const crumbs = [{ name: "Contact", path: "/contact" }];

export function meta() {
  return pageMeta({
    title: "Contact",
    description: `Neem contact op met ${site.brand} in ${site.contact.city}: mail, bel of kom langs.`,
    path: "/contact",
    breadcrumbs: crumbs,
  });
}

export default function Contact() {
  const card =
    "flex items-start gap-4 rounded-2xl border border-sand bg-paper p-6";
  return (
    <>
      <PageHero
        title={<Block name="contact.title">Contact</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="contact.intro" as="p">
            Heb je een vraag, of wil je gewoon even aftoetsen of coaching iets
            voor jou is? Ik hoor graag van je.
          </Block>
        }
      />
      <Section
        id="gegevens"
        title={<Block name="contact.details.title">Zo bereik je mij</Block>}
      >
        <div className="grid gap-10 lg:grid-cols-2">
          <ul className="space-y-4">
            <li className={card}>
              <Mail aria-hidden="true" className="mt-1 h-6 w-6 text-teal" />
              <div>
                <Block name="contact.details.email" as="h3" className="text-lg">
                  E-mail
                </Block>
                <a
                  href={liveHref("email")}
                  data-live-href="email"
                  className="text-link text-lg"
                >
                  <Live field="email" />
                </a>
              </div>
            </li>
            <li className={card}>
              <Phone aria-hidden="true" className="mt-1 h-6 w-6 text-teal" />
              <div>
                <Block name="contact.details.phone" as="h3" className="text-lg">
                  Telefoon
                </Block>
                <a
                  href={liveHref("phone")}
                  data-live-href="phone"
                  className="text-link text-lg"
                >
                  <Live field="phone" />
                </a>
              </div>
            </li>
            <li className={card}>
              <MapPin aria-hidden="true" className="mt-1 h-6 w-6 text-teal" />
              <div>
                <Block name="contact.details.address" as="h3" className="text-lg">
                  Praktijk
                </Block>
                <address className="not-italic text-lg text-ink-soft">
                  <Live field="brand" />
                  <br />
                  <Live field="street" />
                  <br />
                  <Live field="postalCode" /> <Live field="city" />
                </address>
                <ExternalLink
                  href={liveHref("mapsUrl")}
                  data-live-href="mapsUrl"
                  className="text-link mt-2 inline-block"
                >
                  <Block name="contact.details.map">Bekijk op de kaart</Block>
                </ExternalLink>
              </div>
            </li>
          </ul>
          <div className="space-y-6">
            <div className="relative rounded-2xl border border-sand bg-paper p-6">
              <Block name="contact.form.title" as="h3" className="text-2xl">
                Stuur me een bericht
              </Block>
              <Block name="contact.form.intro" as="p" className="mt-1 text-ink-soft">
                Ik antwoord meestal binnen twee werkdagen.
              </Block>
              <div className="mt-5">
                <Island name="contact" component={ContactForm} props={{}} />
              </div>
            </div>
            <p className="text-ink-soft">
              <Block name="contact.vat">Ondernemingsnummer:</Block> <Live field="vatNumber" />
            </p>
          </div>
        </div>
      </Section>
    </>
  );
}
