import type { ReactNode } from "react";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import type { Breadcrumb } from "@/lib/seo";

interface PageHeroProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  intro?: ReactNode;
  breadcrumbs?: Breadcrumb[];
  children?: ReactNode;
}

/** Top of every inner page: breadcrumbs, the page's single h1 and an intro. */
export function PageHero({ title, eyebrow, intro, breadcrumbs, children }: PageHeroProps) {
  return (
    <div className="border-b border-sand bg-gradient-to-b from-gold-soft/60 to-cream">
      <div className="container-page py-10 sm:py-16">
        {breadcrumbs && breadcrumbs.length > 0 ? <Breadcrumbs items={breadcrumbs} /> : null}
        {eyebrow ? (
          <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-gold-ink">{eyebrow}</p>
        ) : null}
        {/* A long Dutch word ("kennismakingsgesprek") is wider than a 320 px phone: hyphenate it, or break it. */}
        <h1 className={`${eyebrow ? "mt-2" : "mt-6"} max-w-3xl text-4xl break-words hyphens-auto sm:text-5xl`}>{title}</h1>
        {intro ? <div className="mt-5 max-w-2xl text-lg text-ink-soft">{intro}</div> : null}
        {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </div>
  );
}
