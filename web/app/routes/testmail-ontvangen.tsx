import { Block, Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { CheckCircle2 } from "@/components/ui/icons";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHero } from "@/components/ui/page-hero";
import { Section } from "@/components/ui/section";
import { Spinner } from "@/components/ui/spinner";
import { confirmTestMailReceived } from "@/features/go-live/api/test-mail-received";
import { useLinkToken } from "@/lib/link-token";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({
    title: "Testmail ontvangen",
    description: "Bevestig dat de testmail van je website aankwam.",
    path: "/testmail/ontvangen",
    robots: "noindex, nofollow",
  });
}

/**
 * The link in the go-live test mail. Opening the page changes nothing on the server by itself
 * (mail scanners open links too); the page posts the token once, and only then counts the mail
 * as received.
 */
const texts = {
  doneTitle: { name: "testmail.ontvangen.done.title", text: "Je testmail kwam aan" },
  doneText: {
    name: "testmail.ontvangen.done.text",
    text: "Fijn! Je mails komen goed aan. Op je dashboard staat dit punt nu in orde.",
  },
  failedTitle: { name: "testmail.ontvangen.failed.title", text: "Bevestigen is niet gelukt" },
} satisfies Record<string, LaterBlock>;

export default function TestmailOntvangen() {
  const state = useLinkToken(confirmTestMailReceived, "Deze link is onvolledig. Gebruik de link uit je testmail.");

  return (
    <>
      <PageHero title={<Block name="testmail.ontvangen.title">Testmail</Block>} />
      <LaterBlocks blocks={Object.values(texts)} />
      <Section>
        <div className="max-w-2xl" aria-live="polite">
          {state.kind === "loading" ? (
            <Spinner label="We noteren dat je testmail aankwam…" className="justify-start" />
          ) : state.kind === "done" ? (
            <div className="flex items-start gap-4">
              <CheckCircle2 aria-hidden="true" className="h-8 w-8 shrink-0 text-teal" />
              <div>
                <Later block={texts.doneTitle} as="h2" className="text-2xl" />
                <Later block={texts.doneText} as="p" className="mt-2 text-lg text-ink-soft" />
              </div>
            </div>
          ) : (
            <div>
              <Later block={texts.failedTitle} as="h2" className="text-2xl" />
              <p role="alert" data-from="server" className="mt-2 text-lg text-ink-soft">
                {state.message}
              </p>
            </div>
          )}
          <ButtonLink to="/admin/dashboard" reloadDocument variant="secondary" className="mt-8">
            <Block name="testmail.ontvangen.dashboard">Naar je dashboard</Block>
          </ButtonLink>
        </div>
      </Section>
    </>
  );
}
