import { CircleAlert, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { CheckboxField } from "@/components/form/field";
import { adminButton, cardClass } from "@/components/admin/styles";
import { toast } from "@/components/ui/toast";
import {
  useGoLive,
  useSendTestMail,
  useSetLegalPagesReviewed,
} from "@/features/go-live/api/go-live";
import type { GoLiveCheck } from "@/lib/api-types";

/** Where a line is fixed: an admin or site page, or (server configuration) whoever runs her server. */
function FixLink({ fix }: { fix: string }) {
  if (fix.startsWith("/admin")) {
    return (
      <Link to={fix} className="text-link text-sm">
        Aanpassen
      </Link>
    );
  }
  if (fix.startsWith("/")) {
    return (
      <a href={fix} className="text-link text-sm">
        Bekijk {fix}
      </a>
    );
  }
  return null;
}

/** An open line of server configuration: what it means, what to do, and a message for her host to copy. */
function Explained({ check }: { check: GoLiveCheck }) {
  if (!check.help) return null;
  return (
    <div className="mt-2 grid gap-2">
      <p className="text-ink">{check.help}</p>
      {check.links.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {check.links.map((l) => (
            <li key={l.url}>
              <a href={l.url} className="text-link text-sm" target="_blank" rel="noreferrer">
                {l.label}
                <span className="sr-only"> (opent in een nieuw venster)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {check.ask_host ? (
        <details className="rounded-xl bg-cream-deep p-3">
          <summary className="cursor-pointer font-semibold text-ink">Wat je kunt vragen aan wie je website beheert</summary>
          <p className="mt-2 wrap-break-word text-ink">{check.ask_host}</p>
          <CopyButton text={check.ask_host} />
        </details>
      ) : null}
    </div>
  );
}

function CopyButton({ text }: { text: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success("Gekopieerd", { description: "Plak de vraag in een mail aan wie je website beheert." });
    } catch {
      toast.error("Kopiëren lukte niet", { description: "Selecteer de tekst en kopieer hem zelf." });
    }
  }
  return (
    <button type="button" onClick={copy} className={adminButton("quiet", "sm", "mt-2")}>
      Kopieer de vraag
    </button>
  );
}

function Line({ check }: { check: GoLiveCheck }) {
  const Icon = check.done ? CircleCheck : CircleAlert;
  return (
    <li className="flex items-start gap-3 py-3">
      <Icon
        aria-hidden="true"
        className={`mt-0.5 h-5 w-5 shrink-0 ${check.done ? "text-teal" : "text-red-800"}`}
      />
      <div className="min-w-0">
        <p className="font-semibold text-ink">
          {check.label}{" "}
          <span className="sr-only">
            {check.done ? "(in orde)" : "(nog te doen)"}
          </span>
        </p>
        <p className="text-ink-soft">{check.detail}</p>
        {check.done ? null : (
          <>
            <Explained check={check} />
            <FixLink fix={check.fix} />
          </>
        )}
      </div>
    </li>
  );
}

/** The dashboard's go-live checklist: what still stands between the site and real visitors; folded once all is done. */
export function GoLiveChecklist() {
  const { data } = useGoLive();
  const testMail = useSendTestMail();
  const legal = useSetLegalPagesReviewed();
  if (!data) return null;
  const list = (
    <>
      <ul className="mt-2 divide-y divide-sand">
        {data.checks.map((check) => (
          <Line key={check.id} check={check} />
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button
          type="button"
          disabled={testMail.isPending}
          className={adminButton("quiet")}
          onClick={() =>
            testMail.mutate(undefined, {
              onSuccess: () =>
                toast.success("Testmail verstuurd naar je eigen adres"),
              onError: () =>
                toast.error(
                  "De testmail versturen lukte niet. Probeer het opnieuw.",
                ),
            })
          }
        >
          Stuur mij een testmail
        </button>
        <CheckboxField
          name="legal_pages_reviewed"
          checked={data.legal_pages_reviewed}
          onChange={(reviewed) =>
            legal.mutate(reviewed, {
              onError: () =>
                toast.error("Bewaren lukte niet. Probeer het opnieuw."),
            })
          }
        >
          Ik heb de privacyverklaring en de algemene voorwaarden nagelezen.
        </CheckboxField>
      </div>
    </>
  );
  return (
    <section id="go-live" className={cardClass} aria-labelledby="go-live-title">
      <h2 id="go-live-title" className="text-xl">
        Klaar om live te gaan?
      </h2>
      <p className="mt-1 text-ink-soft">
        {data.all_done
          ? "Alles staat klaar."
          : "Werk deze punten af voor je de site aan je bezoekers toont."}
      </p>
      {data.all_done ? (
        // Once everything is done, the list folds away: there if she wants it, not in her way.
        <details className="mt-2">
          <summary className="cursor-pointer text-link text-sm">Toon de lijst</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </section>
  );
}

/** On every admin page while a sample detail of config/site.json is still on the site. */
export function SampleBanner() {
  const { data } = useGoLive();
  if (!data || data.samples_left.length === 0) return null;
  return (
    <div role="status" className="border-b border-red-800/30 bg-red-50">
      <p className="container-page py-3 font-medium text-red-800">
        Je site toont nog voorbeeldgegevens (zoals een voorbeeldadres of
        -ondernemingsnummer).{" "}
        <Link to="/admin/instellingen" className="text-red-800 underline">
          Vul je echte gegevens in bij Instellingen
        </Link>
        .
      </p>
    </div>
  );
}
