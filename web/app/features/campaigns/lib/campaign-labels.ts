import type { BadgeTone } from "@/components/admin/badge";
import type { Audience, CampaignStatus } from "@/lib/api-types";

const statusLabels: Record<CampaignStatus, string> = {
  draft: "Concept",
  scheduled: "Gepland",
  sending: "Wordt verstuurd",
  paused: "Gepauzeerd",
  sent: "Verstuurd",
};

const statusTones: Record<CampaignStatus, BadgeTone> = {
  draft: "plain",
  scheduled: "gold",
  sending: "teal",
  paused: "gold",
  sent: "teal",
};

export function campaignStatusLabel(status: CampaignStatus): string {
  return statusLabels[status];
}

export function campaignStatusTone(status: CampaignStatus): BadgeTone {
  return statusTones[status];
}

export const AUDIENCES: Audience[] = ["all", "event", "webinar", "product"];

const audienceLabels: Record<Audience, string> = {
  all: "Alle abonnees",
  event: "Tickethouders van een activiteit",
  webinar: "Deelnemers van een webinar",
  product: "Kopers van een product",
};

export function audienceLabel(audience: Audience): string {
  return audienceLabels[audience];
}

/** "37 van 120 verstuurd (31 %)": what the progress bar says in words. */
export function progressText(done: number, total: number): string {
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return `${done} van ${total} verwerkt (${percent} %)`;
}
