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

export function subscriberStatusLabel(status: string): string {
  return labels[status as SubscriberStatus] ?? status;
}

export function subscriberStatusTone(status: string): BadgeTone {
  return tones[status as SubscriberStatus] ?? "plain";
}
