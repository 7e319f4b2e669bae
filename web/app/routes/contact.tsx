import { Mail, MapPin, Phone } from "lucide-react";
import { ExternalLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { mapsUrl, site, telHref } from "@/config/site";
import { ContactForm } from "@/features/contact/components/contact-form";
import { pageMeta } from "@/lib/seo";

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
  const { contact } = site;
  const card = "flex items-start gap-4 rounded-2xl border border-sand bg-paper p-6";
  return (
    <>
      <PageHero
        title="Contact"
        breadcrumbs={crumbs}
        intro={
          <p>Heb je een vraag, of wil je gewoon even aftoetsen of coaching iets voor jou is? Ik hoor graag van je.</p>
        }
      />
      <Section id="gegevens" title="Zo bereik je mij">
        <div className="grid gap-10 lg:grid-cols-2">
          <ul className="space-y-4">
            <li className={card}>
              <Mail aria-hidden="true" className="mt-1 h-6 w-6 text-teal" />
              <div>
                <h3 className="text-lg">E-mail</h3>
                <a href={`mailto:${contact.email}`} className="text-link text-lg">
                  {contact.email}
                </a>
              </div>
            </li>
            <li className={card}>
              <Phone aria-hidden="true" className="mt-1 h-6 w-6 text-teal" />
              <div>
                <h3 className="text-lg">Telefoon</h3>
                <a href={telHref(contact.phone)} className="text-link text-lg">
                  {contact.phone}
                </a>
              </div>
            </li>
            <li className={card}>
              <MapPin aria-hidden="true" className="mt-1 h-6 w-6 text-teal" />
              <div>
                <h3 className="text-lg">Praktijk</h3>
                <address className="not-italic text-lg text-ink-soft">
                  {site.brand}
                  <br />
                  {contact.street}
                  <br />
                  {contact.postalCode} {contact.city}
                </address>
                <ExternalLink href={mapsUrl()} className="text-link mt-2 inline-block">
                  Bekijk op de kaart
                </ExternalLink>
              </div>
            </li>
          </ul>
          <div className="space-y-6">
            <div className="relative rounded-2xl border border-sand bg-paper p-6">
              <h3 className="text-2xl">Stuur me een bericht</h3>
              <p className="mt-1 text-ink-soft">Ik antwoord meestal binnen twee werkdagen.</p>
              <div className="mt-5">
                <ContactForm />
              </div>
            </div>
            <p className="text-ink-soft">Ondernemingsnummer: {contact.vatNumber}</p>
          </div>
        </div>
      </Section>
    </>
  );
}
