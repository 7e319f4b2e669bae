import { Link } from "react-router";
import { Block } from "@/components/ui/block";
import { Live } from "@/components/ui/live";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { getCourse, site, liveHref } from "@/config/site";
import { pageMeta } from "@/lib/seo";
import { islandsPage } from "@/islands/island";

export const handle = islandsPage;

const crumbs = [
  { name: "Algemene voorwaarden", path: "/algemene-voorwaarden" },
];

export function meta() {
  return pageMeta({
    title: "Algemene voorwaarden",
    description: `De algemene voorwaarden van ${site.brand} voor coaching, cursussen, vertelavonden en webinars.`,
    path: "/algemene-voorwaarden",
    breadcrumbs: crumbs,
  });
}

export default function AlgemeneVoorwaarden() {
  return (
    <>
      <PageHero
        title={<Block name="algemene-voorwaarden.title">Algemene voorwaarden</Block>}
        breadcrumbs={crumbs}
        intro={
          <Block name="algemene-voorwaarden.intro" as="p">
            Duidelijke afspraken maken goede vrienden. Deze voorwaarden gelden
            voor alle bestellingen en boekingen.
          </Block>
        }
      />
      <Section>
        <div className="prose-page max-w-3xl text-ink-soft">
          <Block name="algemene-voorwaarden.company.title" as="h2">
            1. Wie zijn we?
          </Block>
          <p>
            <Live field="brand" />, <Live field="street" />, <Live field="postalCode" />{" "}
            <Live field="city" />, België, ondernemingsnummer{" "}
            <Live field="vatNumber" />, e-mail{" "}
            <a href={liveHref("email")} data-live-href="email">
              <Live field="email" />
            </a>
            .
          </p>

          <Block name="algemene-voorwaarden.scope.title" as="h2">
            2. Toepassing
          </Block>
          <Block name="algemene-voorwaarden.scope.text" as="div" rich>
            <p>
              Deze voorwaarden gelden voor elke bestelling van online cursussen,
              tickets voor vertelavonden, deelname aan{" "}
              {getCourse("zelfbeeld-ommekeer").name} en andere meerdaagse
              cursussen, webinars en coachingsessies. Door te bestellen aanvaard
              je ze.
            </p>
          </Block>

          <Block name="algemene-voorwaarden.prices.title" as="h2">
            3. Prijzen en betaling
          </Block>
          <Block name="algemene-voorwaarden.prices.text" as="div" rich>
            <p>
              Alle prijzen zijn in euro en inclusief btw. De prijs die je ziet bij
              je bestelling is de prijs die je betaalt. Je bestelling is
              definitief zodra de betaling ontvangen is; je krijgt dan een
              bevestiging per e-mail.
            </p>
          </Block>

          <Block name="algemene-voorwaarden.withdrawal.title" as="h2">
            4. Herroepingsrecht
          </Block>
          {/* The mail address is a live business detail: it stays outside the block. */}
          <p>
            <Block name="algemene-voorwaarden.withdrawal.text">
              Als consument heb je het recht om binnen 14 kalenderdagen zonder
              opgave van reden af te zien van je aankoop. Die termijn loopt
              vanaf de dag na het sluiten van de overeenkomst.
            </Block>{" "}
            Laat het ons weten via{" "}
            <a href={liveHref("email")} data-live-href="email">
              <Live field="email" />
            </a>
            ; we betalen je binnen 14 dagen terug.
          </p>
          <Block name="algemene-voorwaarden.withdrawal.exceptions" as="div" rich>
            <p>
              <strong>Uitzondering voor digitale inhoud.</strong> Voor online
              cursussen vervalt het herroepingsrecht zodra je toegang krijgt tot
              de inhoud, als je uitdrukkelijk hebt ingestemd met de onmiddellijke
              levering en hebt erkend dat je daardoor je herroepingsrecht
              verliest.
            </p>
            <p>
              <strong>Evenementen op een vaste datum.</strong> Voor tickets en
              deelname aan activiteiten op een bepaalde datum (vertelavonden,
              driedaagsen) geldt wettelijk geen herroepingsrecht. Daarvoor gelden
              de annuleringsvoorwaarden hieronder.
            </p>
          </Block>

          <Block name="algemene-voorwaarden.cancel.title" as="h2">
            5. Annuleren
          </Block>
          <Block name="algemene-voorwaarden.cancel.text" as="div" rich>
            <h3>Vertelavonden en webinars</h3>
            <ul>
              <li>
                Tot 7 dagen vooraf: kosteloos annuleren, je krijgt het volledige
                bedrag terug.
              </li>
              <li>
                Later: geen terugbetaling, maar je mag je ticket altijd doorgeven
                aan iemand anders.
              </li>
            </ul>
            <h3>
              {getCourse("zelfbeeld-ommekeer").name} en andere meerdaagse
              cursussen
            </h3>
            <ul>
              <li>Tot 30 dagen voor de start: kosteloos annuleren.</li>
              <li>
                Van 30 tot 14 dagen voor de start: 50% van de prijs blijft
                verschuldigd.
              </li>
              <li>
                Minder dan 14 dagen voor de start: de volledige prijs blijft
                verschuldigd.
              </li>
              <li>
                Je mag altijd kosteloos iemand anders in jouw plaats laten
                deelnemen, of overstappen naar een latere reeks zolang er plaats
                is.
              </li>
            </ul>
            <h3>Als wij moeten annuleren</h3>
            <p>
              Gaat een activiteit door overmacht of te weinig inschrijvingen niet
              door, dan kies je zelf: een nieuwe datum of een volledige
              terugbetaling.
            </p>
          </Block>

          <Block name="algemene-voorwaarden.coaching.title" as="h2">
            6. Coaching en verantwoordelijkheid
          </Block>
          <Block name="algemene-voorwaarden.coaching.text" as="div" rich>
            <p>
              Coaching is geen vervanging voor medische of psychologische
              behandeling. We doen ons uiterste best, maar je blijft zelf
              verantwoordelijk voor je keuzes. Onze aansprakelijkheid is beperkt
              tot het bedrag dat je voor de betrokken dienst betaalde.
            </p>
          </Block>

          <Block name="algemene-voorwaarden.ip.title" as="h2">
            7. Intellectuele eigendom
          </Block>
          <Block name="algemene-voorwaarden.ip.text" as="div" rich>
            <p>
              Cursusmateriaal, video’s en werkboeken zijn enkel bedoeld voor
              persoonlijk gebruik en mogen niet gedeeld of verspreid worden.
            </p>
          </Block>

          <Block name="algemene-voorwaarden.privacy.title" as="h2">
            8. Privacy
          </Block>
          <Block name="algemene-voorwaarden.privacy.text" as="div" rich>
            <p>
              Hoe we met je gegevens omgaan, lees je in onze{" "}
              <Link to="/privacy">privacyverklaring</Link>.
            </p>
          </Block>

          <Block name="algemene-voorwaarden.disputes.title" as="h2">
            9. Klachten, toepasselijk recht en bevoegde rechtbank
          </Block>
          <Block name="algemene-voorwaarden.disputes.text" as="div" rich>
            <p>
              Heb je een klacht? Laat het ons eerst weten, dan zoeken we samen een
              oplossing. Lukt dat niet, dan kan je terecht bij de
              Consumentenombudsdienst. Op deze voorwaarden is het Belgisch recht
              van toepassing. Bij geschillen zijn de rechtbanken van{" "}
              <Live field="city" /> bevoegd, onverminderd de wettelijke rechten van
              consumenten.
            </p>
          </Block>
        </div>
      </Section>
    </>
  );
}
