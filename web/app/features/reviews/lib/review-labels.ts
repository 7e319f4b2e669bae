import type { BadgeTone } from "@/components/admin/badge";
import type { ReviewStatus } from "@/lib/api-types";

const labels: Record<ReviewStatus, string> = {
  pending: "Wacht op goedkeuring",
  approved: "Op de website",
  declined: "Afgewezen",
};

const tones: Record<ReviewStatus, BadgeTone> = {
  pending: "gold",
  approved: "teal",
  declined: "plain",
};

export function reviewStatusLabel(status: ReviewStatus): string {
  return labels[status];
}

export function reviewStatusTone(status: ReviewStatus): BadgeTone {
  return tones[status];
}
