import type { ReactNode } from "react";
import { Link } from "react-router";
import { SkipLink } from "@/components/layout/skip-link";
import { cardClass } from "@/components/admin/styles";
import { site } from "@/config/site";

/** The simple frame of the pages before sign-in: login, forgotten password, new password, invitation. */
export function AuthShell({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <header className="border-b border-sand bg-paper">
        <div className="container-page py-4">
          <p className="font-serif text-xl font-semibold text-ink">{site.brand} · Beheer</p>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="container-page flex flex-1 items-start justify-center py-12 focus:outline-none sm:py-20">
        <div className={`${cardClass} w-full max-w-md`}>
          <h1 className="text-3xl">{title}</h1>
          <div className="mt-2 text-ink-soft">{intro}</div>
          {children}
          <p className="mt-6 text-sm text-ink-soft">
            <Link to="/" className="text-link">
              Terug naar de website
            </Link>
          </p>
        </div>
      </main>
    </>
  );
}
