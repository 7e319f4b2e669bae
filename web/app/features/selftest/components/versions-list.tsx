import { useState } from "react";
import { adminButton, cardClass } from "@/components/admin/styles";
import { errorMessage } from "@/components/form/form-errors";
import { useSelfTestVersion } from "@/features/selftest/api/get-selftest-version";
import { complete } from "@/features/selftest/lib/definition";
import type { SelfTestAdmin } from "@/lib/api-types";
import { formatDateAt } from "@/lib/format";

/** The published versions, newest first, with how many results each has; one opens read only. */
export function VersionsList({ published }: { published: SelfTestAdmin["published"] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section aria-labelledby="zelftest-versies" className={`${cardClass} grid gap-4`}>
      <h2 id="zelftest-versies" className="text-2xl">
        Gepubliceerde versies
      </h2>
      {published.length === 0 ? (
        <p className="text-ink-soft">Nog geen: publiceer je concept om de test online te zetten.</p>
      ) : (
        <ul className="grid gap-3">
          {published.map((v) => (
            <li key={v.version} className="grid gap-3 rounded-xl border border-sand p-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <p className="font-semibold">Versie {v.version}</p>
                  <p className="text-sm text-ink-soft">
                    Gepubliceerd op {formatDateAt(v.published_at)} · {v.results} {v.results === 1 ? "resultaat" : "resultaten"}
                  </p>
                </div>
                <button
                  type="button"
                  aria-expanded={open === v.version}
                  onClick={() => setOpen(open === v.version ? null : v.version)}
                  className={adminButton("quiet", "sm")}
                >
                  {open === v.version ? `Verberg versie ${v.version}` : `Bekijk versie ${v.version}`}
                </button>
              </div>
              {open === v.version ? <VersionSummary version={v.version} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function VersionSummary({ version }: { version: number }) {
  const query = useSelfTestVersion(version);
  if (query.isPending) return <p className="text-ink-soft">Laden...</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-red-800">
        {errorMessage(query.error)}
      </p>
    );
  }
  const def = complete(query.data);
  const themeName = (key: string) => def.themes.find((t) => t.key === key)?.name ?? key;
  return (
    <div className="grid gap-3 text-ink">
      <p className="font-semibold">{def.title}</p>
      <div>
        <p className="text-sm font-semibold text-ink-soft">Vragen</p>
        <ol className="mt-1 list-decimal pl-5">
          {def.questions.map((q) => (
            <li key={q.id} className="break-words">
              {q.text}
            </li>
          ))}
        </ol>
      </div>
      <div>
        <p className="text-sm font-semibold text-ink-soft">Profielen</p>
        <ul className="mt-1 list-disc pl-5">
          {def.profiles.map((p) => (
            <li key={p.id} className="break-words">
              {themeName(p.theme)} {p.min}–{p.max} %: {p.title}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
