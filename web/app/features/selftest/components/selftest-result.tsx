import type { ReactNode } from "react";
import { Later, laterText, type LaterBlock } from "@/components/ui/block";
import { ButtonLink, buttonClasses } from "@/components/ui/button-link";
import { ThemeChart } from "@/features/selftest/components/theme-chart";
import type { SelfTestResult } from "@/lib/api-types";

/** The result's words (shown once the result has loaded: registered with `LaterBlocks` by the page). */
export const resultTexts = {
  eyebrow: { name: "zelftest.resultaat.eyebrow", text: "Je resultaat" },
  next: { name: "zelftest.resultaat.next", text: "Je volgende stap" },
  nextText: {
    name: "zelftest.resultaat.next-text",
    text: "Wil je hier verder mee? Dit is wat ik je aanraad als volgende stap.",
  },
  chart: { name: "zelftest.resultaat.chart", text: "Je scores per thema" },
  chartCaption: { name: "zelftest.resultaat.chart-caption", text: "Je score per thema, in procent" },
  theme: { name: "zelftest.resultaat.chart-theme", text: "Thema" },
  score: { name: "zelftest.resultaat.chart-score", text: "Score" },
  more: { name: "zelftest.resultaat.more", text: "Ook dit past bij je" },
} satisfies Record<string, LaterBlock>;

/** A step on this site opens here; another address as an ordinary link. */
function StepLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith("/")) {
    return (
      <ButtonLink to={href} className="mt-6">
        {children}
      </ButtonLink>
    );
  }
  return (
    <a href={href} className={buttonClasses("primary", "mt-6")}>
      {children}
    </a>
  );
}

/**
 * A result as the visitor sees it: the primary profile's title and text, the recommended step as
 * a button, the chart of the themes, then the other profiles that fit. `after` comes below (the
 * form to receive the result by mail, on the public page).
 */
export function SelfTestResultView({ result, after }: { result: SelfTestResult; after?: ReactNode }) {
  const [primary, ...others] = result.profiles;
  return (
    <div className="grid max-w-3xl gap-12">
      {primary ? (
        <section aria-labelledby={`profiel-${primary.id}`}>
          <Later block={resultTexts.eyebrow} as="p" className="text-sm font-semibold uppercase tracking-widest text-gold-ink" />
          <h2 id={`profiel-${primary.id}`} data-from="zelftest" className="mt-1 text-3xl break-words sm:text-4xl">
            {primary.title}
          </h2>
          <div
            data-from="zelftest"
            className="prose-page mt-4 text-lg text-ink-soft"
            // Her Markdown, rendered and sanitized on the server.
            dangerouslySetInnerHTML={{ __html: primary.text_html }}
          />
        </section>
      ) : null}

      <section aria-labelledby="volgende-stap" className="rounded-2xl border border-sand bg-paper p-6 sm:p-8">
        <Later block={resultTexts.next} as="h2" id="volgende-stap" className="text-2xl" />
        <Later block={resultTexts.nextText} as="p" className="mt-2 text-lg text-ink-soft" />
        <StepLink href={result.step.href}>
          <span data-from="zelftest">{result.step.label}</span>
        </StepLink>
      </section>

      <section aria-labelledby="scores-per-thema">
        <Later block={resultTexts.chart} as="h2" id="scores-per-thema" className="text-2xl" />
        <div className="mt-6">
          <ThemeChart
            themes={result.themes}
            label={laterText(resultTexts.chart)}
            caption={laterText(resultTexts.chartCaption)}
            themeHeader={laterText(resultTexts.theme)}
            scoreHeader={laterText(resultTexts.score)}
          />
        </div>
      </section>

      {others.length > 0 ? (
        <section aria-labelledby="ook-dit">
          <Later block={resultTexts.more} as="h2" id="ook-dit" className="text-2xl" />
          <ul className="mt-6 grid gap-6">
            {others.map((p) => (
              <li key={p.id} className="rounded-2xl border border-sand bg-paper p-6">
                <h3 data-from="zelftest" className="text-xl">
                  {p.title}
                </h3>
                <div data-from="zelftest" className="prose-page mt-2 text-ink-soft" dangerouslySetInnerHTML={{ __html: p.text_html }} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {after}
    </div>
  );
}
