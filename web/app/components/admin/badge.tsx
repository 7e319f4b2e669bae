import type { ReactNode } from "react";

const tones = {
  teal: "border-teal/30 bg-teal-soft text-teal-dark",
  gold: "border-gold/50 bg-gold-soft text-gold-ink",
  plain: "border-sand bg-cream-deep text-ink-soft",
  red: "border-red-800/30 bg-red-50 text-red-800",
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = "plain", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-sm font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}
