import { Mail, MapPin, Phone } from "@/components/ui/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandLogo } from "@/components/layout/brand-logo";
import { socialIcons } from "@/components/layout/social-icons";
import { Block } from "@/components/ui/block";
import { buttonClasses, ExternalLink } from "@/components/ui/button-link";
import { Live } from "@/components/ui/live";
import { liveHref, socialLinks } from "@/config/site";

interface FooterLink {
  label: string;
  to: string;
  /** Its block key (Beheer > Pagina's). */
  block: string;
  /** Made by the server, not the app: a full page load. */
  server?: boolean;
}

const stappen: FooterLink[] = [
  { label: "1. Wees eerlijk", to: "/wees-eerlijk", block: "layout.footer.steps.wees-eerlijk" },
  { label: "2. Begrijp jezelf", to: "/begrijp-jezelf", block: "layout.footer.steps.begrijp-jezelf" },
  { label: "3. Transformeer", to: "/transformeer", block: "layout.footer.steps.transformeer" },
];

const over: FooterLink[] = [
  { label: "Over mij", to: "/over-mij", block: "layout.footer.about.over-mij" },
  { label: "Voor jezelf", to: "/voor-jezelf", block: "layout.footer.about.voor-jezelf" },
  { label: "Vertelavond", to: "/begrijp-jezelf/vertelavond", block: "layout.footer.about.vertelavond" },
  { label: "Webinar-reeks", to: "/transformeer/webinar-reeks", block: "layout.footer.about.webinar-reeks" },
  // Made by the server, not the app: a full page load (reloadDocument).
  {
    label: "Nieuwsbrief-archief",
    to: "/nieuwsbrief/archief",
    block: "layout.footer.about.nieuwsbrief-archief",
    server: true,
  },
  { label: "Privacy", to: "/privacy", block: "layout.footer.about.privacy" },
  { label: "Algemene voorwaarden", to: "/algemene-voorwaarden", block: "layout.footer.about.algemene-voorwaarden" },
];

const linkClass =
  "text-ink-soft no-underline hover:text-teal hover:underline underline-offset-4";

function Column({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <h2 className="font-serif text-lg font-semibold text-ink">{title}</h2>
      <div className="mt-4">{children}</div>
    </div>
  );
}

function LinkList({ links }: { links: FooterLink[] }) {
  return (
    <ul className="space-y-2">
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to} reloadDocument={l.server} className={linkClass}>
            <Block name={l.block}>{l.label}</Block>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-auto border-t border-sand bg-cream-deep">
      <div className="container-page py-12">
        <div className="band-dark flex flex-col items-start justify-between gap-6 rounded-3xl bg-teal-dark px-6 py-8 text-white sm:flex-row sm:items-center sm:px-10">
          <div>
            <Block name="layout.footer.cta.title" as="p" className="font-serif text-2xl">
              Zin in een eerste gesprek?
            </Block>
            <Block name="layout.footer.cta.text" as="p" className="mt-1 text-white/90">
              Dertig minuten, vrijblijvend en gratis. We kijken samen wat jij
              nodig hebt.
            </Block>
          </div>
          <Link
            to="/gratis-kennismakingsgesprek"
            className={buttonClasses("gold", "shrink-0")}
          >
            <Block name="layout.footer.cta.button">
              Boek een gratis kennismakingsgesprek
            </Block>
          </Link>
        </div>

        <nav
          aria-label="Footer"
          className="mt-12 grid gap-10 sm:grid-cols-2 lg:grid-cols-4"
        >
          <div>
            <BrandLogo />
            {/* The footer's opening text: her tagline until she writes her own. */}
            <Block name="layout.footer.intro" as="p" className="mt-4 max-w-xs text-sm text-ink-soft">
              <Live field="tagline" />
            </Block>
            <ul className="mt-5 flex gap-3">
              {socialLinks.map((s) => {
                const Icon = socialIcons[s.key];
                // A link she cleared is hidden (the server marks the served page the same way).
                return (
                  <li key={s.key} className="has-[a[hidden]]:hidden">
                    <ExternalLink
                      href={s.href}
                      hidden={!s.href}
                      data-live-href={s.key}
                      className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-sand bg-paper text-teal hover:border-teal"
                    >
                      <Icon />
                      <span className="sr-only">{s.label}</span>
                    </ExternalLink>
                  </li>
                );
              })}
            </ul>
          </div>
          <Column title={<Block name="layout.footer.steps.title">Stappen</Block>}>
            <LinkList links={stappen} />
          </Column>
          <Column title={<Block name="layout.footer.about.title">Over</Block>}>
            <LinkList links={over} />
          </Column>
          <Column title={<Block name="layout.footer.contact.title">Contact</Block>}>
            <ul className="space-y-3 text-ink-soft">
              <li className="flex items-start gap-2">
                <Mail
                  aria-hidden="true"
                  className="mt-1 h-4 w-4 shrink-0 text-teal"
                />
                <a
                  href={liveHref("email")}
                  data-live-href="email"
                  className={linkClass}
                >
                  <Live field="email" />
                </a>
              </li>
              <li className="flex items-start gap-2">
                <Phone
                  aria-hidden="true"
                  className="mt-1 h-4 w-4 shrink-0 text-teal"
                />
                <a
                  href={liveHref("phone")}
                  data-live-href="phone"
                  className={linkClass}
                >
                  <Live field="phone" />
                </a>
              </li>
              <li className="flex items-start gap-2">
                <MapPin
                  aria-hidden="true"
                  className="mt-1 h-4 w-4 shrink-0 text-teal"
                />
                <address className="not-italic">
                  <Live field="street" />
                  <br />
                  <Live field="postalCode" /> <Live field="city" />
                </address>
              </li>
              <li>
                <Link to="/contact" className={linkClass}>
                  <Block name="layout.footer.contact.link">Contactpagina</Block>
                </Link>
              </li>
            </ul>
          </Column>
        </nav>

        <div className="mt-12 flex flex-col gap-2 border-t border-sand pt-6 text-sm text-ink-soft sm:flex-row sm:justify-between">
          <p>
            © <span data-from="jaar">{year}</span> <Live field="brand" />
            <Block name="layout.footer.rights">. Alle rechten voorbehouden.</Block>
          </p>
          <p>
            <Block name="layout.footer.vat">Ondernemingsnummer</Block> <Live field="vatNumber" />
          </p>
        </div>
      </div>
    </footer>
  );
}
