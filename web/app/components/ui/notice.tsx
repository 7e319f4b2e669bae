import type { ReactNode } from "react";

interface NoticeProps {
  title: ReactNode;
  children: ReactNode;
  tone?: "info" | "gold";
}

/** A calm highlighted box, used for "coming soon" and other honest notes. */
export function Notice({ title, children, tone = "info" }: NoticeProps) {
  const colours = tone === "gold" ? "border-gold bg-gold-soft/60" : "border-teal/40 bg-teal-soft";
  return (
    <div className={`rounded-2xl border ${colours} p-6`}>
      <h2 className="text-xl">{title}</h2>
      <div className="mt-2 text-ink-soft">{children}</div>
    </div>
  );
}
