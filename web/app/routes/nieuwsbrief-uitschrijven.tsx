import { useEffect, useState } from "react";
import { ButtonLink, buttonClasses } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { unsubscribeNewsletter } from "@/features/newsletter/api/unsubscribe";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({
    title: "Uitschrijven",
    description: "Schrijf je uit voor de nieuwsbrief.",
    path: "/nieuwsbrief/uitschrijven",
    robots: "noindex, follow",
  });
}

type State =
  | { kind: "idle" }
  | { kind: "missing-token" }
  | { kind: "submitting" }
  | { kind: "done" }
  | { kind: "error"; message: string };

export default function NieuwsbriefUitschrijven() {
  const [state, setState] = useState<State>({ kind: "idle" });
  const [token, setToken] = useState<string | null>(null);

  useEffect(() => {
    const t = new URLSearchParams(window.location.search).get("token");
    if (t) setToken(t);
    else setState({ kind: "missing-token" });
  }, []);

  async function unsubscribe() {
    if (!token) return;
    setState({ kind: "submitting" });
    try {
      await unsubscribeNewsletter(token);
      setState({ kind: "done" });
    } catch (error) {
      setState({
        kind: "error",
        message: error instanceof Error && error.message ? error.message : "Probeer het later opnieuw.",
      });
    }
  }

  return (
    <>
      <PageHero title="Uitschrijven voor de nieuwsbrief" />
      <Section>
        <div className="max-w-2xl" aria-live="polite">
          {state.kind === "done" ? (
            <>
              <h2 className="text-2xl">Je bent uitgeschreven</h2>
              <p className="mt-2 text-lg text-ink-soft">
                Je ontvangt geen nieuwsbrieven meer. Jammer dat je gaat, en bedankt voor je interesse.
              </p>
            </>
          ) : state.kind === "missing-token" ? (
            <p role="alert" className="text-lg text-ink-soft">
              Deze uitschrijflink is onvolledig. Gebruik de link onderaan een van onze e-mails.
            </p>
          ) : (
            <>
              <p className="text-lg text-ink-soft">
                Wil je de nieuwsbrief niet langer ontvangen? Klik dan op de knop hieronder.
              </p>
              {state.kind === "error" ? (
                <p role="alert" className="mt-4 text-lg font-medium text-ink">
                  {state.message}
                </p>
              ) : null}
              <button
                type="button"
                onClick={unsubscribe}
                disabled={state.kind === "submitting" || !token}
                className={buttonClasses("primary", "mt-6")}
              >
                {state.kind === "submitting" ? "Bezig..." : "Uitschrijven"}
              </button>
            </>
          )}
          <div className="mt-8">
            <ButtonLink to="/" variant="secondary">
              Naar de startpagina
            </ButtonLink>
          </div>
        </div>
      </Section>
    </>
  );
}
