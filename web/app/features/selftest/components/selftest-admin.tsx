import { useRef, useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/admin/badge";
import { PageHeader } from "@/components/admin/page-header";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { adminButton, cardClass } from "@/components/admin/styles";
import { errorMessage } from "@/components/form/form-errors";
import { toast } from "@/components/ui/toast";
import { useAdminSelfTest } from "@/features/selftest/api/get-admin-selftest";
import { usePublishSelfTest } from "@/features/selftest/api/publish-selftest";
import { useSaveSelfTestDraft } from "@/features/selftest/api/save-selftest-draft";
import { DefinitionEditor } from "@/features/selftest/components/definition-editor";
import { SelfTestPreview } from "@/features/selftest/components/selftest-preview";
import { VersionsList } from "@/features/selftest/components/versions-list";
import { complete, type Definition } from "@/features/selftest/lib/definition";
import { ApiError } from "@/lib/api";
import type { SelfTestAdmin as AdminData } from "@/lib/api-types";
import { formatDateAt } from "@/lib/format";

/** Beheer > Zelftest: load her draft, then edit it. */
export function SelfTestAdmin() {
  const query = useAdminSelfTest();
  return (
    <div className="grid gap-8">
      <PageHeader
        title="Zelftest"
        intro={
          <p>
            Je eigen zelftest voor stap 1: vragen met antwoorden, thema&apos;s die ze meten en profielen met de volgende stap. Je
            werkt in een concept; pas bij publiceren zien bezoekers het, als nieuwe versie. Oude resultaten houden hun versie.
          </p>
        }
      />
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <SelfTestWorkbench data={query.data} />
      )}
    </div>
  );
}

/** The server's 422 at publish, as a list: one line per thing to fix. */
function problemsOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [errorMessage(error)];
  const lines = error.message.split("\n").map((l) => l.replace(/^[-•]\s*/, "").trim()).filter(Boolean);
  const fields = Object.values(error.fields ?? {}).filter((m) => !lines.includes(m));
  return [...lines, ...fields].length > 0 ? [...lines, ...fields] : [errorMessage(error)];
}

function SelfTestWorkbench({ data }: { data: AdminData }) {
  const [draft, setDraft] = useState<Definition>(() => complete(data.draft));
  const [dirty, setDirty] = useState(false);
  const [problems, setProblems] = useState<string[] | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const save = useSaveSelfTestDraft();
  const publish = usePublishSelfTest();
  const problemsRef = useRef<HTMLDivElement>(null);
  const latest = data.published[0];

  function change(next: Definition) {
    setDraft(next);
    setDirty(true);
  }

  /** Saves the draft; false (with the server's words shown) when it did not fit. */
  async function saveDraft(quiet = false): Promise<boolean> {
    try {
      await save.mutateAsync(draft);
      setDirty(false);
      if (!quiet) toast.success("Concept bewaard");
      return true;
    } catch (e) {
      setProblems(problemsOf(e));
      requestAnimationFrame(() => problemsRef.current?.focus());
      return false;
    }
  }

  async function doPublish() {
    setProblems(null);
    if (!(await saveDraft(true))) return;
    try {
      const published = await publish.mutateAsync();
      toast.success(`Versie ${published.version} staat online`);
    } catch (e) {
      setProblems(problemsOf(e));
      requestAnimationFrame(() => problemsRef.current?.focus());
    }
  }

  async function openPreview() {
    setProblems(null);
    if (await saveDraft(true)) setPreviewing(true);
  }

  const busy = save.isPending || publish.isPending;

  return (
    <>
      <section aria-labelledby="zelftest-status" className={`${cardClass} grid gap-3`}>
        <h2 id="zelftest-status" className="text-2xl">
          Stand van zaken
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {latest ? <Badge tone="teal">Online: versie {latest.version}</Badge> : <Badge>Nog niet gepubliceerd</Badge>}
          {dirty ? (
            <Badge tone="gold">Niet bewaarde wijzigingen</Badge>
          ) : data.draft_is_published ? (
            <Badge>Concept = gepubliceerde versie</Badge>
          ) : data.draft_updated_at ? (
            <Badge tone="gold" wrap>
              Concept bewaard op {formatDateAt(data.draft_updated_at)}, nog niet gepubliceerd
            </Badge>
          ) : null}
        </div>
        <p className="text-ink-soft">
          {data.own_test ? (
            <>‘Doe de test’ op de site leidt naar je eigen test.</>
          ) : (
            <>
              ‘Doe de test’ leidt nu nog naar de externe test. Kies je eigen test in{" "}
              <Link to="/admin/instellingen" className="text-link">
                Gegevens
              </Link>{" "}
              zodra een versie gepubliceerd is.
            </>
          )}
        </p>
      </section>

      <DefinitionEditor value={draft} onChange={change} products={data.products} />

      {problems ? (
        <div ref={problemsRef} tabIndex={-1} role="alert" className="rounded-2xl border border-red-800/30 bg-red-50 p-5 text-ink focus:outline-none">
          <p className="font-semibold text-red-800">Nog aan te passen voor je publiceert:</p>
          <ul className="mt-2 list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="sticky bottom-0 z-10 flex flex-wrap gap-3 border-t border-sand bg-cream/95 py-3 sm:static sm:border-0 sm:bg-transparent sm:p-0">
        <button type="button" onClick={() => void saveDraft()} disabled={busy} className={adminButton("secondary")}>
          {save.isPending ? "Bezig..." : "Concept bewaren"}
        </button>
        <button type="button" onClick={() => void openPreview()} disabled={busy} className={adminButton("secondary")}>
          Bekijk als bezoeker
        </button>
        <button type="button" onClick={() => void doPublish()} disabled={busy} className={adminButton("primary")}>
          {publish.isPending ? "Bezig..." : "Publiceren"}
        </button>
      </div>

      {previewing ? <SelfTestPreview definition={draft} onClose={() => setPreviewing(false)} /> : null}

      <VersionsList published={data.published} />
    </>
  );
}
