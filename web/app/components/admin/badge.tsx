import type { ReactNode } from "react";

const tones = {
  teal: "border-teal/30 bg-teal-soft text-teal-dark",
  gold: "border-gold/50 bg-gold-soft text-gold-ink",
  plain: "border-sand bg-cream-deep text-ink-soft",
  red: "border-red-800/30 bg-red-50 text-red-800",
} as const;

export type BadgeTone = keyof typeof tones;

/**
 * A short status label. `wrap` for one that can be long (a date in words): it may then break
 * over lines instead of pushing the page wider than a phone.
 */
export function Badge({ tone = "plain", wrap = false, children }: { tone?: BadgeTone; wrap?: boolean; children: ReactNode }) {
  const shape = wrap ? "max-w-full rounded-2xl" : "whitespace-nowrap rounded-full";
  return (
    <span className={`inline-flex items-center border px-2.5 py-0.5 text-sm font-medium ${shape} ${tones[tone]}`}>
      {children}
    </span>
  );
}
