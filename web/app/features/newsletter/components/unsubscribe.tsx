import { Block, Later, type LaterBlock } from "@/components/ui/block";
import { useEffect, useState } from "react";
import { ButtonLink, buttonClasses } from "@/components/ui/button-link";
import { unsubscribeNewsletter } from "@/features/newsletter/api/unsubscribe";

type State =
  | { kind: "idle" }
  | { kind: "missing-token" }
  | { kind: "submitting" }
  | { kind: "done" }
  | { kind: "error"; message: string };

export const unsubscribeTexts = {
  doneTitle: { name: "nieuwsbrief.uitschrijven.done.title", text: "Je bent uitgeschreven" },
  doneText: {
    name: "nieuwsbrief.uitschrijven.done.text",
    text: "Je ontvangt geen nieuwsbrieven meer. Jammer dat je gaat, en bedankt voor je interesse.",
  },
  missing: {
    name: "nieuwsbrief.uitschrijven.missing",
    text: "Deze uitschrijflink is onvolledig. Gebruik de link onderaan een van onze e-mails.",
  },
  busy: { name: "shared.form.busy", text: "Bezig...", label: true },
} satisfies Record<string, LaterBlock>;

/** /nieuwsbrief/uitschrijven below its title: one click with the mailed link's token unsubscribes. */
export function Unsubscribe() {
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
    <div className="max-w-2xl" aria-live="polite">
      {state.kind === "done" ? (
        <>
          <Later block={unsubscribeTexts.doneTitle} as="h2" className="text-2xl" />
          <Later block={unsubscribeTexts.doneText} as="p" className="mt-2 text-lg text-ink-soft" />
        </>
      ) : state.kind === "missing-token" ? (
        <Later block={unsubscribeTexts.missing} as="p" role="alert" className="text-lg text-ink-soft" />
      ) : (
        <>
          <Block name="nieuwsbrief.uitschrijven.intro" as="p" className="text-lg text-ink-soft">
            Wil je de nieuwsbrief niet langer ontvangen? Klik dan op de knop hieronder.
          </Block>
          {state.kind === "error" ? (
            <p role="alert" data-from="server" className="mt-4 text-lg font-medium text-ink">
              {state.message}
            </p>
          ) : null}
          <button
            type="button"
            onClick={unsubscribe}
            disabled={state.kind === "submitting" || !token}
            className={buttonClasses("primary", "mt-6")}
          >
            {state.kind === "submitting" ? (
              <Later block={unsubscribeTexts.busy} />
            ) : (
              <Block name="nieuwsbrief.uitschrijven.button">Uitschrijven</Block>
            )}
          </button>
        </>
      )}
      <div className="mt-8">
        <ButtonLink to="/" variant="secondary">
          <Block name="nieuwsbrief.uitschrijven.home">Naar de startpagina</Block>
        </ButtonLink>
      </div>
    </div>
  );
}
