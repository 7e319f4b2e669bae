// A block's key as the coach reads it in Beheer > Pagina's: the part of the page it sits in
// (its section) and a Dutch name, from the key's words ("home.hero.title" → "Bovenaan" ›
// "Titel"). Keys stay the stable names the pages and the server use; she never sees them.
// Every word of every key has a Dutch name below (block-names.test.ts walks the keys of the
// built pages and of the source and fails on a word without one): a new key word needs a name.

/** The pages (and the courses a key names by their slug), as she knows them. */
const PAGES: Record<string, string> = {
  "404": "Pagina niet gevonden",
  afspraak: "Je afspraak",
  archief: "Nieuwsbrief-archief",
  "algemene-voorwaarden": "Algemene voorwaarden",
  "begrijp-jezelf": "Begrijp jezelf",
  betalen: "Betalen",
  bevestigen: "Bevestigen",
  booking: "Gratis kennismakingsgesprek",
  checkout: "Afrekenen",
  contact: "Contact",
  "ervaring-delen": "Ervaring delen",
  "gratis-kennismakingsgesprek": "Gratis kennismakingsgesprek",
  home: "Startpagina",
  layout: "Op elke pagina",
  nieuwsbrief: "Nieuwsbrief",
  "nieuwsbrief-archief": "Nieuwsbrief-archief",
  ontvangen: "Testmail ontvangen",
  "over-mij": "Over mij",
  "payment-canceled": "Betaling niet doorgegaan",
  "payment-success": "Betaling gelukt",
  privacy: "Privacyverklaring",
  "product-zelfbeeld-ommekeer": "De Zelfbeeld-Ommekeer: deelnemen",
  resultaat: "Resultaat van de zelftest",
  shared: "Op meerdere pagina's",
  simulatie: "Testbetaling",
  spiegelgevecht: "Het Spiegelgevecht",
  testmail: "Testmail",
  transformeer: "Transformeer",
  uitschrijven: "Uitschrijven",
  vertelavond: "Vertelavond",
  "voor-jezelf": "Voor jezelf",
  "webinar-reeks": "Webinar-reeks",
  "wees-eerlijk": "Wees eerlijk",
  "zelfbeeld-ommekeer": "De Zelfbeeld-Ommekeer",
  "zelfbeeld-ommekeer-booking": "De Zelfbeeld-Ommekeer boeken",
  "zelfinzicht-7-stappen": "Zelfinzicht in 7 stappen",
  zelftest: "De zelftest",
};

/** A key's part of the page. */
const SECTIONS: Record<string, string> = {
  about: "Kolom ‘Over’",
  address: "Adres",
  book: "Zo boek je",
  booked: "Na een boeking",
  booking: "Een moment kiezen",
  cancel: "Annuleren",
  cancelled: "Geannuleerd",
  change: "Wat er verandert",
  coach: "Over de coach",
  coaching: "Coaching en verantwoordelijkheid",
  company: "Wie we zijn",
  contact: "Contact",
  controller: "Wie verantwoordelijk is",
  cookies: "Cookies en video’s",
  course: "De cursus",
  crumbs: "Kruimelpad",
  cta: "Oproep tot een gesprek",
  data: "Welke gegevens en waarom",
  dates: "Data en tickets",
  details: "Contactgegevens",
  disputes: "Klachten en rechtbank",
  done: "Gelukt",
  errors: "Meldingen bij het invullen",
  events: "Activiteiten",
  failed: "Niet gelukt",
  footer: "Onderaan elke pagina",
  form: "Formulier",
  header: "Bovenaan elke pagina",
  hero: "Bovenaan",
  how: "Zo werkt het",
  included: "Wat is inbegrepen",
  ip: "Intellectuele eigendom",
  kennismaking: "Gratis kennismaking",
  "leave-email": "Geen datum: e-mailadres achterlaten",
  mail: "Je resultaat per mail",
  menu: "Menu",
  more: "Meer",
  move: "Gesprek verplaatsen",
  moved: "Gesprek verplaatst",
  name: "Over de naam",
  newsletter: "Nieuwsbrief",
  next: "De volgende stap",
  "not-paid": "Niet betaald",
  offer: "Aanbod",
  "opt-out": "Afmelden voor de vraag naar je ervaring",
  order: "Wat er besteld is",
  "order-form": "Bestelformulier",
  paid: "Betaald",
  payment: "Betaling",
  pending: "Wachten op de betaling",
  practice: "In de praktijk",
  prices: "Prijzen en betaling",
  privacy: "Privacy",
  program: "Programma",
  progress: "Voortgang",
  questions: "Eerlijke vragen",
  retention: "Hoe lang we gegevens bewaren",
  reviews: "Ervaringen",
  rights: "Je rechten",
  scope: "Waarvoor de voorwaarden gelden",
  security: "Beveiliging",
  sharing: "Met wie we gegevens delen",
  steps: "De stappen",
  summary: "Samenvatting",
  tickets: "Tickets",
  time: "Hoeveel tijd",
  upcoming: "Komende webinars",
  video: "Video",
  videos: "Video's",
  visits: "Bezoekers tellen",
  waitlist: "Wachtlijst",
  ways: "Kies wat bij je past",
  webinars: "Webinar-reeks",
  withdrawal: "Herroepingsrecht",
};

/** A key's own text in its part. */
const LEAVES: Record<string, string> = {
  accept: "Akkoord met de voorwaarden",
  address: "Kop ‘adres’",
  after: "Tekst na de link",
  again: "Knop ‘De test opnieuw doen’",
  all: "Alles",
  "all-sold-out": "Alle data uitverkocht",
  anonymous: "Uitleg zonder vinkje (zonder naam)",
  apply: "Knop ‘Toepassen’",
  "archive-lead": "Zin over het archief",
  "archive-link": "Link naar het archief",
  ask: "Knop ‘Stel een vraag’",
  back: "Link terug naar het archief",
  busy: "Knop tijdens het versturen",
  button: "Knop",
  "button-call": "Knop (gratis gesprek)",
  "button-coach": "Knop (over de coach)",
  "button-contact": "Knop (contact)",
  "button-details": "Knop (deelname en prijs)",
  "button-newsletter": "Knop (nieuwsbrief)",
  calendar: "Link naar de kalender",
  cancelled: "Geannuleerd",
  "cancelled-text": "Uitleg bij een geannuleerde datum",
  chart: "Kop van de grafiek",
  "chart-caption": "Uitleg bij de grafiek",
  "chart-score": "Kolom ‘Score’ van de grafiek",
  "chart-theme": "Kolom ‘Thema’ van de grafiek",
  choose: "Vraag om een nieuw moment te kiezen",
  chosen: "‘Gekozen:’ voor het moment",
  "chosen-gone": "Gekozen datum niet meer beschikbaar",
  "chosen-sold-out": "Gekozen datum uitverkocht",
  city: "Gemeente",
  company: "Bedrijfsnaam",
  "company-address": "Kop ‘Adres van je bedrijf’",
  "company-hint": "Uitleg bij de bedrijfsnaam",
  complaint: "Klacht indienen",
  confirmed: "Na het bevestigen",
  consent: "Toestemming",
  "consent-error": "Als de voorwaarden niet laden",
  country: "Land",
  coupon: "Kortingscode",
  course: "Bij een online cursus",
  "credit-note": "Link ‘Creditnota’",
  dashboard: "Knop naar het dashboard",
  date: "Datum",
  day: "Stap ‘Kies een dag’",
  "day-first": "‘Kies eerst een dag’",
  description: "Beschrijving",
  details: "Stap ‘Je gegevens’",
  discount: "Korting",
  done: "Gelukt",
  "e-invoice": "Link ‘E-factuur’",
  email: "E-mailadres",
  "email-hint": "Uitleg bij het e-mailadres",
  "email-hint-tickets": "Uitleg bij het e-mailadres (tickets)",
  "email-invalid": "E-mailadres klopt niet",
  empty: "Als er niets is",
  error: "Als er iets misgaat",
  "error-text": "Uitleg als er iets misgaat",
  exceptions: "Uitzonderingen",
  expired: "Verlopen",
  eyebrow: "Bovenregel",
  failed: "Niet gelukt",
  finish: "Knop ‘Bekijk mijn resultaat’",
  first: "Label van de eerste",
  "first-name": "Voornaam",
  "first-name-end": "Tekst na de voornaam",
  free: "Gratis",
  glad: "‘fijn dat je erbij was’ (na de naam)",
  "glad-alone": "‘Fijn dat je erbij was’ (zonder naam)",
  gone: "Aanbod bestaat niet (meer)",
  hello: "Begroeting",
  hint: "Uitleg bij het veld",
  home: "Knop naar de startpagina",
  hour: "Stap ‘Kies een uur’",
  "hour-on": "Stap ‘Kies een uur’ (met de dag)",
  how: "Stap ‘Hoe wil je het gesprek?’",
  "in-person": "Ter plaatse",
  "in-person-hint": "Uitleg bij ter plaatse",
  "incl-vat": "‘incl. btw’",
  intro: "Inleiding",
  "intro-price": "Inleiding na de prijs",
  invoice: "Factuur",
  "invoice-link": "Link ‘Factuur’",
  "last-name": "Familienaam",
  limit: "Hoeveel tekens",
  link: "Link",
  "load-error": "Als laden mislukt",
  loading: "Tijdens het laden",
  mail: "Link ‘mail ons’",
  many: "‘tickets’ (meer dan één)",
  map: "Link naar de kaart",
  message: "Je bericht",
  missing: "Onvolledige link",
  mode: "Vorm (online of ter plaatse)",
  more: "Link naar meer uitleg",
  name: "Naam",
  "next-date": "Eerstvolgende datum",
  "next-text": "Uitleg bij de volgende stap",
  "no-charge": "‘Niets aangerekend’",
  "no-date": "Geen datum",
  "no-slot": "‘Kies eerst een dag en een uur’",
  none: "Geen vrije momenten",
  "not-chosen": "Nog geen moment gekozen",
  "not-found": "Bestelling niet gevonden",
  note: "Kleine letters",
  nothing: "Nog niets gekozen",
  "nothing-charged": "‘Niets aangerekend’",
  now: "‘Je gesprek staat nu op’",
  of: "‘van’ (vraag 2 van 10)",
  offered: "Plaats vastgehouden via de wachtlijst",
  one: "‘ticket’ (één)",
  "one-left": "Nog één plaats vrij",
  "one-per-order": "Eén plaats per bestelling",
  online: "Online",
  onsite: "Verwijzing naar ter plaatse",
  open: "Betaling niet afgerond",
  "opted-out": "Na het afmelden",
  optional: "‘optioneel’ bij een veld",
  paid: "Intussen toch betaald",
  pay: "Knop ‘Inschrijven en betalen’",
  "pay-next": "Uitleg onder de knop",
  pending: "Wachten op je bevestiging",
  pdf: "‘(pdf)’ bij een link",
  peppol: "‘(UBL, Peppol)’ bij een link",
  phone: "Telefoon",
  "phone-hint": "Uitleg bij telefonisch",
  pick: "‘Kies een antwoord’",
  platform: "Knop ‘Log in Platform’",
  "postal-code": "Postcode",
  previous: "Knop ‘Vorige’",
  "price-error": "Als de prijs niet berekend kan worden",
  pricing: "Tijdens het berekenen van de prijs",
  privacy: "Uitleg over je gegevens",
  product: "Product",
  quantity: "Aantal",
  "quantity-hint": "Uitleg bij het aantal (voor het getal)",
  "quantity-hint-after": "Uitleg bij het aantal (na het getal)",
  question: "Vraag",
  "question-end": "Vraag (na de datum)",
  rating: "Score",
  refunded: "Terugbetaald",
  registration: "Ondernemingsnummer ontbreekt",
  "registration-be": "Ondernemingsnummer (België)",
  "registration-be-hint": "Uitleg bij het ondernemingsnummer (België)",
  "registration-fr": "SIREN-nummer (Frankrijk)",
  "registration-fr-hint": "Uitleg bij het SIREN-nummer (Frankrijk)",
  "registration-nl": "KvK-nummer (Nederland)",
  "registration-nl-hint": "Uitleg bij het KvK-nummer (Nederland)",
  "registration-other": "Registratienummer (andere landen)",
  "registration-other-hint": "Uitleg bij het registratienummer (andere landen)",
  result: "Knop ‘Bekijk je resultaat’",
  retry: "Knop ‘Opnieuw proberen’",
  rights: "Rechten",
  role: "Beroep",
  "seats-free": "Plaatsen weer vrij",
  "seats-held": "Uitleg onder de knop (plaatsen vastgehouden)",
  sent: "‘We stuurden je’",
  skip: "Link ‘naar de inhoud’ (toetsenbord)",
  slow: "Als het lang duurt",
  "sold-out": "Uitverkocht",
  start: "Knop ‘Start de test’",
  "start-failed": "Betaling start niet",
  story: "Verhaal",
  street: "Straat en nummer",
  subject: "Onderwerp",
  submit: "Knop ‘Verder naar betalen’",
  subtotal: "Subtotaal",
  success: "Na het versturen",
  "success-text": "Uitleg na het versturen",
  terms: "Voorwaarden niet aangevinkt",
  "terms-title": "Kop ‘Voorwaarden’",
  test: "Knop ‘Doe de test’",
  text: "Tekst",
  "text-2": "Tekst (tweede alinea)",
  "text-end": "Tekst (vervolg)",
  thanks: "Bedankt",
  timezone: "Uitleg over de tijdzone",
  title: "Titel",
  to: "‘naar’ (voor het e-mailadres)",
  toast: "Melding na het boeken",
  "to-pay": "‘Te betalen’",
  "too-long": "Te lang",
  "too-many": "Te veel tickets (voor het getal)",
  "too-many-after": "Te veel tickets (na het getal)",
  total: "Totaal",
  "try-again": "Uitleg: opnieuw proberen",
  unavailable: "Niet beschikbaar",
  unknown: "Onbekende bestelling",
  used: "‘gebruikt’ bij de teller",
  vat: "Ondernemingsnummer",
  "vat-exempt": "Zonder btw (vrijstelling)",
  "vat-hint": "Uitleg bij het btw-nummer",
  "vat-number": "Btw-nummer",
  "vat-of": "‘waarvan’ (voor de btw)",
  "vat-word": "‘btw’ (na het percentage)",
  "video-hint": "Uitleg bij video",
  "view-order": "Link ‘Bekijk je bestelling’",
  when: "‘We spreken af op’",
  "your-details": "Kop ‘Je gegevens’",
  "your-order": "Kop ‘Je bestelling’",
};

/** Keys whose words alone would name them wrongly (the same word means something else there). */
const KEYS: Record<string, string> = {
  "checkout.choose": "Wat je kan kiezen",
  "ervaring-delen.form.ask": "Vraag hoe het was",
  "shared.course.vat": "‘incl. btw’ bij de prijs",
  "shared.dates.vat": "‘incl. btw’ bij de prijs",
  "zelftest.busy": "Terwijl je resultaat berekend wordt",
  "zelftest.next": "Knop ‘Volgende’",
  "zelftest.resultaat.more": "Kop boven de andere aanraders",
};

/** A numbered word: "feature2" → "Kenmerk 2", "day1" → "Dag 1", "3" → "Punt 3". */
function numbered(part: string): string | undefined {
  if (/^\d+$/.test(part)) return `Punt ${part}`;
  const match = /^(feature|day|step|sample)(\d+)$/.exec(part);
  if (!match) return undefined;
  return `${{ feature: "Kenmerk", day: "Dag", step: "Stap", sample: "Voorbeeld" }[match[1] as "feature"]} ${match[2]}`;
}

function lookup(dict: Record<string, string>, word: string): string | undefined {
  return Object.hasOwn(dict, word) ? dict[word] : undefined;
}

/** Whether a key word has a Dutch name (in any place of a key). */
export function hasDutchName(word: string): boolean {
  return [PAGES, SECTIONS, LEAVES].some((dict) => lookup(dict, word) !== undefined) || numbered(word) !== undefined;
}

/** The words shown as they are while naming a key (none: the test fails on any). */
let unnamed: string[] | undefined;

/** A key word's name, from the dictionaries in the order given; the word itself if it has none. */
function wordName(part: string, order: Record<string, string>[]): string {
  for (const dict of order) {
    const name = lookup(dict, part);
    if (name !== undefined) return name;
  }
  const number = numbered(part);
  if (number) return number;
  unnamed?.push(part);
  const text = part.replaceAll("-", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const sectionWord = (part: string) => wordName(part, [SECTIONS, PAGES, LEAVES]);
const leafWord = (part: string) => wordName(part, [LEAVES, SECTIONS, PAGES]);
const pageWord = (part: string) => wordName(part, [PAGES, SECTIONS, LEAVES]);

/** "Knop ‘Log in Platform’" → "knop ‘Log in Platform’": lower case for a name after a colon. */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function leafName(parts: string[]): string {
  if (parts.length === 0) return "Tekst";
  const joined = lookup(LEAVES, parts.join("-"));
  if (joined !== undefined && parts.length > 1) return joined;
  const [first = "", ...rest] = parts;
  const base = leafWord(first);
  if (rest.length === 0) return base;
  return `${base}: ${lowerFirst(leafName(rest))}`;
}

export interface BlockName {
  /** The part of the page, e.g. "Bovenaan", "Onderaan elke pagina". */
  section: string;
  /** The text's name in that part, e.g. "Titel", "Knop (contact)". */
  name: string;
}

/**
 * The page's own key prefixes, longest first: "/wees-eerlijk/zelftest/resultaat" →
 * ["wees-eerlijk.zelftest.resultaat", "zelftest.resultaat", "resultaat", …].
 */
function pagePrefixes(route: string): string[] {
  const path = route.replace(/^\/+|\/+$/g, "");
  if (path === "") return ["home"];
  const parts = path.split("/");
  return [...parts.map((_, i) => parts.slice(i).join(".")), "gratis-kennismakingsgesprek", "404"];
}

/** Where a block sits and what it is called, for the page with `route`. */
export function blockName(key: string, route: string): BlockName {
  if (key.startsWith("seo.")) {
    return {
      section: "Zoekmachines en delen",
      name: key.endsWith(".title") ? "Titel in zoekmachines en bij delen" : "Beschrijving in zoekmachines en bij delen",
    };
  }
  let rest = key.split(".");
  const area = rest[0] ?? "";
  if (area === "layout" || area === "shared") {
    rest = rest.slice(1);
  } else {
    const prefix = pagePrefixes(route).find((p) => key.startsWith(`${p}.`));
    rest = prefix ? key.slice(prefix.length + 1).split(".") : rest.slice(1);
  }
  const [head, ...tail] = rest;
  if (head === undefined) return { section: "Bovenaan", name: lookup(KEYS, key) ?? "Tekst" };
  if (tail.length === 0) {
    return {
      section: area === "layout" ? "Op elke pagina" : area === "shared" ? "Op meerdere pagina's" : "Bovenaan",
      name: lookup(KEYS, key) ?? leafName(rest),
    };
  }
  const part = sectionWord(head);
  const section =
    area === "layout"
      ? ["header", "footer"].includes(head)
        ? part
        : `${part} (op elke pagina)`
      : area === "shared"
        ? `${part} (op meerdere pagina's)`
        : part;
  return { section, name: lookup(KEYS, key) ?? partName(area, head, tail) };
}

/** The name of a block in the part `head` of the page: `tail` holds the rest of its key. */
function partName(area: string, head: string, tail: string[]): string {
  // A menu item or crumb is named after the page it leads to.
  if (head === "menu" || head === "crumbs") return pageWord(tail.at(-1) ?? "");
  // The footer's columns link to pages: "layout.footer.about.privacy" → "Link naar ‘Privacyverklaring’".
  const [column = "", target = ""] = tail;
  if (area === "layout" && head === "footer" && tail.length === 2 && ["about", "steps"].includes(column)) {
    if (lookup(PAGES, target) !== undefined) return `Link naar ‘${pageWord(target)}’`;
  }
  const step = head === "steps" && /^\d+$/.test(tail[0] ?? "") ? tail[0] : undefined;
  if (step) return `Stap ${step}: ${lowerFirst(leafName(tail.slice(1)))}`;
  return leafName(tail);
}

/** The key words `blockName` shows as they are, for lack of a Dutch name (for the test). */
export function unnamedWords(key: string, route: string): string[] {
  unnamed = [];
  try {
    blockName(key, route);
    return unnamed;
  } finally {
    unnamed = undefined;
  }
}

/** The block's name as one line, e.g. "Titel · Bovenaan". */
export function blockLabel(key: string, route: string): string {
  const { section, name } = blockName(key, route);
  return `${name} · ${section}`;
}
