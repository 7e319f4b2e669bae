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

/** Where a line is fixed: an admin or site page, or (server configuration) the README. */
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
  return (
    <span className="text-sm text-ink-soft">
      Vraag wie je server beheert (zie {fix}).
    </span>
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
        {check.done ? null : <FixLink fix={check.fix} />}
      </div>
    </li>
  );
}

/** The dashboard's go-live checklist: what still stands between the site and real visitors. */
export function GoLiveChecklist() {
  const { data } = useGoLive();
  const testMail = useSendTestMail();
  const legal = useSetLegalPagesReviewed();
  if (!data) return null;
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
