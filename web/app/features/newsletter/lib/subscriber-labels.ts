import type { BadgeTone } from "@/components/admin/badge";
import type { SubscriberStatus } from "@/lib/api-types";

export const SUBSCRIBER_STATUSES: SubscriberStatus[] = ["pending", "confirmed", "unsubscribed"];

const labels: Record<SubscriberStatus, string> = {
  pending: "In afwachting",
  confirmed: "Bevestigd",
  unsubscribed: "Uitgeschreven",
};

const tones: Record<SubscriberStatus, BadgeTone> = {
  pending: "gold",
  confirmed: "teal",
  unsubscribed: "plain",
};

export function subscriberStatusLabel(status: SubscriberStatus): string {
  return labels[status];
}

export function subscriberStatusTone(status: SubscriberStatus): BadgeTone {
  return tones[status];
}
