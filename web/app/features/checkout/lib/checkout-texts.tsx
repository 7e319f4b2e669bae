import type { LaterBlock } from "@/components/ui/block";
import { NewTabHint } from "@/components/ui/button-link";
import { checkoutMessages, registrationTexts, tooManyTickets } from "@/features/checkout/lib/checkout-form";

// The checkout form's words (issue 22, item 1): it shows in the browser only, after the product's
// answer, so its blocks are listed in /checkout's `<LaterBlocks>` (`checkoutFormBlocks`) and shown
// with `<Later>`. Names in Beheer > Pagina's come from the keys (`block-names.ts`).

export const formTexts = {
  yourDetails: { name: "checkout.order-form.your-details", text: "Je gegevens" },
  firstName: { name: "checkout.order-form.first-name", text: "Voornaam" },
  lastName: { name: "checkout.order-form.last-name", text: "Familienaam" },
  email: { name: "checkout.order-form.email", text: "E-mailadres" },
  emailHintTickets: {
    name: "checkout.order-form.email-hint-tickets",
    text: "Hier sturen we je bevestiging en je tickets naar.",
  },
  emailHint: { name: "checkout.order-form.email-hint", text: "Hier sturen we je bevestiging naar." },
  phone: { name: "checkout.order-form.phone", text: "Telefoonnummer" },
  company: { name: "checkout.order-form.company", text: "Bedrijfsnaam" },
  companyHint: { name: "checkout.order-form.company-hint", text: "Voor een factuur op naam van je bedrijf." },
  vatNumber: { name: "checkout.order-form.vat-number", text: "Btw-nummer" },
  vatHint: {
    name: "checkout.order-form.vat-hint",
    text: "Bijvoorbeeld BE0123.456.749. Je factuur komt dan op naam van je bedrijf.",
  },
  companyAddress: { name: "checkout.order-form.company-address", text: "Adres van je bedrijf (voor de factuur)" },
  street: { name: "checkout.order-form.street", text: "Straat en nummer" },
  postalCode: { name: "checkout.order-form.postal-code", text: "Postcode" },
  city: { name: "checkout.order-form.city", text: "Gemeente" },
  country: { name: "checkout.order-form.country", text: "Land" },
  yourOrder: { name: "checkout.order-form.your-order", text: "Je bestelling" },
  date: { name: "checkout.order-form.date", text: "Datum" },
  quantity: { name: "checkout.order-form.quantity", text: "Aantal tickets" },
  quantityHint: { name: "checkout.order-form.quantity-hint", text: "Hoogstens" },
  quantityHintAfter: { name: "checkout.order-form.quantity-hint-after", text: "per bestelling" },
  coupon: { name: "checkout.order-form.coupon", text: "Kortingscode" },
  apply: { name: "checkout.order-form.apply", text: "Toepassen", label: true },
  terms: { name: "checkout.order-form.terms-title", text: "Voorwaarden" },
  accept: {
    name: "checkout.order-form.accept",
    text: (
      <>
        Ik ga akkoord met de{" "}
        <a href="/algemene-voorwaarden" target="_blank" rel="noopener" className="text-link">
          algemene voorwaarden
          <NewTabHint />
        </a>{" "}
        en de{" "}
        <a href="/privacy" target="_blank" rel="noopener" className="text-link">
          privacyverklaring
          <NewTabHint />
        </a>
        .
      </>
    ),
  },
  consentError: {
    name: "checkout.order-form.consent-error",
    text: "De voorwaarden voor dit product konden niet geladen worden. Vernieuw de pagina of probeer het straks opnieuw.",
  },
  loading: { name: "checkout.order-form.loading", text: "Laden..." },
  toPay: { name: "checkout.order-form.to-pay", text: "Te betalen:" },
  inclVat: { name: "checkout.order-form.incl-vat", text: "incl. btw" },
  submit: { name: "checkout.order-form.submit", text: "Verder naar betalen", label: true },
  busy: { name: "checkout.order-form.busy", text: "Bezig...", label: true },
  payNext: { name: "checkout.order-form.pay-next", text: "Je betaalt op de volgende pagina." },
  seatsHeld: {
    name: "checkout.order-form.seats-held",
    text: "Je plaatsen worden even voor je vastgehouden terwijl je betaalt.",
  },
} satisfies Record<string, LaterBlock>;

export const summaryTexts = {
  title: { name: "checkout.summary.title", text: "Samenvatting" },
  course: { name: "checkout.summary.course", text: "Online cursus, meteen toegang na je betaling." },
  priceError: { name: "checkout.summary.price-error", text: "De prijs kon nu niet berekend worden." },
  pricing: { name: "checkout.summary.pricing", text: "Prijs berekenen..." },
  subtotal: { name: "checkout.summary.subtotal", text: "Subtotaal" },
  discount: { name: "checkout.summary.discount", text: "Korting" },
  total: { name: "checkout.summary.total", text: "Totaal" },
  vatOf: { name: "checkout.summary.vat-of", text: "waarvan" },
  vat: { name: "checkout.summary.vat-word", text: "btw" },
  vatExempt: { name: "checkout.summary.vat-exempt", text: "zonder btw (vrijstellingsregeling kleine ondernemingen)" },
} satisfies Record<string, LaterBlock>;

/** Every block the form and its summary may show, for `<LaterBlocks>` on /checkout. */
export function checkoutFormBlocks(): LaterBlock[] {
  return [
    ...Object.values(formTexts),
    ...Object.values(registrationTexts),
    ...Object.values(summaryTexts),
    ...Object.values(checkoutMessages),
    ...Object.values(tooManyTickets),
  ];
}
