import type { ErasureCounts, RecordKind } from "@/lib/api-types";

const kindLabels: Record<RecordKind, string> = {
  subscriber: "Nieuwsbrief",
  order: "Bestelling",
  ticket: "Ticket",
  webinar_registration: "Webinar",
  intro_call: "Kennismaking",
  contact_message: "Bericht",
  email: "E-mail",
  account_link: "Beheer",
  waitlist_entry: "Wachtlijst",
  coach_notice: "Melding",
  newsletter: "Nieuwsbrief ontvangen",
  invoice: "Factuur",
  review_invitation: "Review",
  selftest_result: "Zelftest",
};

export function recordKindLabel(kind: RecordKind): string {
  return kindLabels[kind];
}

const countLabels: Record<keyof ErasureCounts, [string, string]> = {
  subscribers: ["inschrijving nieuwsbrief", "inschrijvingen nieuwsbrief"],
  orders_deleted: ["onbetaalde bestelling gewist", "onbetaalde bestellingen gewist"],
  orders_anonymised: ["betaalde bestelling geanonimiseerd", "betaalde bestellingen geanonimiseerd"],
  tickets_anonymised: ["ticket geanonimiseerd", "tickets geanonimiseerd"],
  webinar_registrations: ["inschrijving webinar", "inschrijvingen webinar"],
  intro_calls: ["kennismakingsgesprek", "kennismakingsgesprekken"],
  contact_messages: ["bericht", "berichten"],
  emails: ["e-mail", "e-mails"],
  account_links: ["uitnodiging beheer", "uitnodigingen beheer"],
  waitlist_entries: ["plaats op een wachtlijst", "plaatsen op een wachtlijst"],
  coach_notices: ["melding aan de coach", "meldingen aan de coach"],
  newsletters: ["ontvangen nieuwsbrief geanonimiseerd", "ontvangen nieuwsbrieven geanonimiseerd"],
  invoices: ["factuur zonder e-mail en telefoon", "facturen zonder e-mail en telefoon"],
  review_invitations: ["uitnodiging voor een review", "uitnodigingen voor een review"],
  selftest_results: ["zelftest-resultaat", "zelftest-resultaten"],
};

/** "1 bericht, 3 e-mails, …": the kinds that had something, in Dutch. */
export function describeCounts(counts: ErasureCounts): string {
  const parts = (Object.keys(countLabels) as (keyof ErasureCounts)[])
    .filter((key) => counts[key] > 0)
    .map((key) => {
      const [one, other] = countLabels[key];
      return `${counts[key]} ${counts[key] === 1 ? one : other}`;
    });
  return parts.length > 0 ? parts.join(", ") : "niets";
}
