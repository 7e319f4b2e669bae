import type { ReactNode } from "react";

interface SectionProps {
  id?: string;
  title?: ReactNode;
  eyebrow?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  tone?: "plain" | "paper" | "deep";
  className?: string;
}

/** A page section with an optional h2, labelled by that heading. */
export function Section({ id, title, eyebrow, intro, children, tone = "plain", className = "" }: SectionProps) {
  const headingId = id ? `${id}-titel` : undefined;
  const bg = tone === "paper" ? "bg-paper" : tone === "deep" ? "bg-cream-deep" : "";
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={`${bg} py-14 sm:py-20 ${className}`}>
      <div className="container-page">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-widest text-gold-ink">{eyebrow}</p> : null}
        {title ? (
          <h2 id={headingId} className="mt-1 max-w-3xl text-3xl sm:text-4xl">
            {title}
          </h2>
        ) : null}
        {intro ? <div className="mt-4 max-w-2xl text-lg text-ink-soft">{intro}</div> : null}
        <div className={title || intro ? "mt-10" : ""}>{children}</div>
      </div>
    </section>
  );
}
