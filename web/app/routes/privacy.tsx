import { Link } from "react-router";
import { Block } from "@/components/ui/block";
import { Live } from "@/components/ui/live";
import { ExternalLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { site, liveHref } from "@/config/site";
import { pageMeta } from "@/lib/seo";
import { islandsPage } from "@/islands/island";

export const handle = islandsPage;

const crumbs = [{ name: "Privacy", path: "/privacy" }];

export function meta() {
  return pageMeta({
    title: "Privacyverklaring",
    description: `Hoe ${site.brand} omgaat met je persoonsgegevens, volgens de AVG (GDPR).`,
    path: "/privacy",
    breadcrumbs: crumbs,
  });
}

export default function Privacy() {
  const mail = (
    <a href={liveHref("email")} data-live-href="email">
      <Live field="email" />
    </a>
  );
  return (
    <>
      <PageHero
        title={<Block name="privacy.title">Privacyverklaring</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="privacy.intro" as="p">
            Je vertrouwen is belangrijk. Hier lees je welke gegevens we
            verwerken, waarom, en welke rechten je hebt.
          </Block>
        }
      />
      <Section>
        <div className="prose-page max-w-3xl text-ink-soft">
          <Block name="privacy.controller.title" as="h2">
            1. Wie is verantwoordelijk?
          </Block>
          <p>
            De verwerkingsverantwoordelijke is <Live field="brand" /> (<Live field="coachName" />),{" "}
            <Live field="street" />, <Live field="postalCode" /> <Live field="city" />,
            België, ondernemingsnummer <Live field="vatNumber" />. Je bereikt
            ons via {mail} of <Live field="phone" />.
          </p>

          <Block name="privacy.data.title" as="h2">
            2. Welke gegevens verwerken we, en waarom?
          </Block>
          <Block name="privacy.data.text" as="div" rich>
            <ul>
              <li>
                <strong>Nieuwsbrief</strong>: je voornaam en e-mailadres, om je de
                nieuwsbrief te sturen. Rechtsgrond: je toestemming.
              </li>
              <li>
                <strong>Bestellingen en boekingen</strong> (tickets, cursussen, de
                driedaagse): naam, e-mailadres, eventueel telefoonnummer en
                facturatiegegevens, om je bestelling uit te voeren en te
                factureren. Rechtsgrond: de uitvoering van de overeenkomst en onze
                wettelijke boekhoudplicht.
              </li>
              <li>
                <strong>Contact en kennismakingsgesprek</strong>: de gegevens die
                je zelf meegeeft, om je vraag te beantwoorden of een afspraak te
                plannen. Rechtsgrond: je verzoek en ons gerechtvaardigd belang.
              </li>
              <li>
                <strong>Reviews</strong>: je voornaam en je getuigenis, enkel met
                je uitdrukkelijke toestemming.
              </li>
              <li>
                <strong>Zelftest</strong>: je antwoorden en je resultaat, zonder
                naam of e-mailadres. Vraag je je resultaat per mail, dan bewaren
                we ook je e-mailadres, om het je te sturen en om het te tonen
                als je je gegevens opvraagt. Rechtsgrond: je verzoek.
              </li>
            </ul>
            <p>
              Wat je tijdens coaching vertelt, is vertrouwelijk. Persoonlijke
              notities bewaren we alleen zolang het traject loopt en delen we
              nooit met derden.
            </p>
          </Block>

          <Block name="privacy.newsletter.title" as="h2">
            3. Nieuwsbrief: dubbele bevestiging
          </Block>
          <Block name="privacy.newsletter.text" as="div" rich>
            <p>
              Na je inschrijving ontvang je eerst een e-mail met een
              bevestigingslink (double opt-in). Pas als je die link aanklikt, ben
              je ingeschreven. Elke nieuwsbrief bevat een link om je met één klik
              uit te schrijven.
            </p>
          </Block>

          <Block name="privacy.retention.title" as="h2">
            4. Hoe lang bewaren we je gegevens?
          </Block>
          <Block name="privacy.retention.text" as="div" rich>
            <ul>
              <li>
                Nieuwsbrief: tot je je uitschrijft. Onbevestigde inschrijvingen
                wissen we na 30 dagen.
              </li>
              <li>
                Facturen en bestelgegevens van betaalde bestellingen: 7 jaar,
                zoals de Belgische boekhoudwetgeving voorschrijft.
              </li>
              <li>
                Bestellingen die nooit betaald werden (verlopen, geannuleerd of
                mislukt): je naam en contactgegevens wissen we 30 dagen na de
                laatste wijziging. Enkel de bedragen blijven, zonder naam.
              </li>
              <li>
                E-mails die we je stuurden: na 30 dagen wissen we de inhoud en de
                bijlagen. We houden alleen bij naar welk adres en met welk
                onderwerp ze vertrokken.
              </li>
              <li>Wachtlijsten: je naam en e-mailadres wissen we 30 dagen na de activiteit.</li>
              <li>Mislukte aanmeldingen in het beheer: na 1 dag.</li>
              <li>Contactberichten: tot 2 jaar na ons laatste contact.</li>
              <li>
                Zelftest: een resultaat zonder e-mailadres zegt niets over jou;
                na 30 dagen houden we er alleen nog een telling van (hoeveel
                mensen welk resultaat kregen). Een e-mailadres dat je niet
                bevestigde, wissen we na 30 dagen; een bevestigd adres blijft
                bij je resultaat tot je vraagt om het te wissen.
              </li>
            </ul>
          </Block>

          <Block name="privacy.sharing.title" as="h2">
            5. Met wie delen we gegevens?
          </Block>
          <Block name="privacy.sharing.text" as="div" rich>
            <p>
              Alleen met partijen die we nodig hebben om onze diensten te leveren,
              zoals de betaalprovider, de e-maildienst en het online
              cursusplatform. Met hen sluiten we verwerkersovereenkomsten. We
              verkopen je gegevens nooit.
            </p>
          </Block>

          <Block name="privacy.cookies.title" as="h2">
            6. Cookies en video’s
          </Block>
          <Block name="privacy.cookies.text" as="div" rich>
            <p>
              Deze website gebruikt geen tracking- of advertentiecookies, enkel
              wat strikt nodig is om de site te laten werken. Video’s worden
              ingeladen via de privacyvriendelijke varianten van YouTube
              (youtube-nocookie.com) en Vimeo (zonder tracking), en pas wanneer je
              bij de video komt.
            </p>
          </Block>

          <Block name="privacy.visits.title" as="h3">
            Hoeveel bezoekers de site heeft
          </Block>
          <Block name="privacy.visits.text" as="div" rich>
            <p>
              We tellen bezoeken zonder je te volgen. Na het laden van een
              pagina stuurt je browser een klein bericht met alleen: welke
              pagina je bekijkt (zonder de rest van het webadres, behalve een
              eventuele campagnenaam zoals utm_campaign), van welke website je
              kwam (alleen de domeinnaam), of je scherm dat van een gsm, tablet
              of computer is, en of je de zelftest begon.
            </p>
            <p>
              We plaatsen daarvoor geen cookie en bewaren niets in je browser.
              Om een bezoeker per dag maar één keer te tellen, maken we uit je
              IP-adres, je browser en een willekeurige code van die dag een
              onomkeerbare code (een hash). Je IP-adres zelf slaan we nergens
              op. Om middernacht wissen we de code van de dag en alle hashes
              van die dag; daarna blijft alleen het aantal over. Zo kan
              niemand, ook wij niet, achteraf nagaan of jij de site bezocht.
            </p>
            <p>
              We bewaren dus enkel aantallen per dag: bekeken pagina’s,
              bezoekers, herkomst, campagnes, soort toestel en hoeveel mensen de
              zelftest begonnen. Robots en zoekmachines tellen niet mee. Je
              hoeft hiervoor niets te aanvaarden.
            </p>
          </Block>

          <Block name="privacy.rights.title" as="h2">
            7. Je rechten
          </Block>
          {/* The mail address is a live business detail and the authority's link opens a new tab:
              both stay outside the blocks. */}
          <p>
            <Block name="privacy.rights.text">
              Je hebt het recht om je gegevens in te kijken, te laten verbeteren
              of wissen, de verwerking te beperken, je gegevens over te dragen
              en bezwaar te maken. Gegeven toestemming kan je altijd intrekken.
            </Block>{" "}
            Stuur hiervoor een e-mail naar {mail}; we antwoorden binnen een
            maand.
          </p>
          <p>
            <Block name="privacy.rights.complaint">
              Ben je niet tevreden over hoe we met je gegevens omgaan? Dan kan
              je een klacht indienen bij de Gegevensbeschermingsautoriteit,
              Drukpersstraat 35, 1000 Brussel
            </Block>
            {" ("}
            <ExternalLink href="https://www.gegevensbeschermingsautoriteit.be" className="wrap-anywhere">
              www.gegevensbeschermingsautoriteit.be
            </ExternalLink>
            ).
          </p>

          <Block name="privacy.security.title" as="h2">
            8. Beveiliging
          </Block>
          <Block name="privacy.security.text" as="div" rich>
            <p>
              We beschermen je gegevens met passende technische en
              organisatorische maatregelen, zoals versleutelde verbindingen en
              beperkte toegang.
            </p>
            <p>
              Zie ook onze{" "}
              <Link to="/algemene-voorwaarden">algemene voorwaarden</Link>.
            </p>
          </Block>
        </div>
      </Section>
    </>
  );
}
