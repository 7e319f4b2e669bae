import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { Badge } from "@/components/admin/badge";
import { adminButton, cardClass } from "@/components/admin/styles";
import { MarkdownField } from "@/components/form/markdown-field";
import { errorMessage, serverFieldErrors } from "@/components/form/form-errors";
import { toast } from "@/components/ui/toast";
import {
  usePageBlockActions,
  usePageBlockHistory,
  usePageBlockPreview,
} from "@/features/page-texts/api/page-texts";
import type { PageBlock } from "@/lib/api-types";
import { formatDateAt } from "@/lib/format";
import { useDebouncedValue } from "@/lib/use-debounced-value";


const previewClass =
  "rounded-xl border border-sand bg-cream p-3 [&_a]:text-teal-dark [&_a]:underline [&_h2]:text-xl [&_li]:ml-5 [&_li]:list-disc [&_p+p]:mt-2";

/** One block: a Markdown editor with buttons, the server's preview, its versions and the way back to the default. */
export function PageBlockEditor({ block, label }: { block: PageBlock; label: string }) {
  const titleId = useId();
  const [markdown, setMarkdown] = useState(block.markdown);
  const [error, setError] = useState<string>();
  const [resetting, setResetting] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const actions = usePageBlockActions(block.key);
  const shown = useDebouncedValue(markdown, 400);
  // The stored text comes with its fragment: ask the server only once she changes it (Home lists ~90 blocks).
  const unchanged = shown === block.markdown;
  const preview = usePageBlockPreview(block.key, shown, !unchanged);
  const history = usePageBlockHistory(block.key, showHistory);

  async function save() {
    setError(undefined);
    try {
      await actions.save.mutateAsync(markdown);
      toast.success("Tekst bewaard", { description: "De pagina toont hem meteen." });
    } catch (e) {
      setError(serverFieldErrors<"markdown">(e).fields.markdown ?? errorMessage(e));
    }
  }

  async function restore(id: number) {
    try {
      await actions.restore.mutateAsync(id);
      toast.success("De vorige versie staat terug");
    } catch (e) {
      toast.error("Terugzetten lukte niet", { description: errorMessage(e) });
    }
  }

  return (
    <section aria-labelledby={titleId} className={`${cardClass} grid gap-4`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} className="text-lg">
          {label}
        </h3>
        {block.customised && block.updated_at ? (
          <Badge tone="teal" wrap>Aangepast op {formatDateAt(block.updated_at)}</Badge>
        ) : (
          <Badge>Standaardtekst</Badge>
        )}
      </div>
      <div className="grid gap-4 @3xl:grid-cols-2">
        <MarkdownField
          label={label}
          value={markdown}
          onChange={setMarkdown}
          kind={block.kind}
          error={error}
          rows={block.kind === "rich" ? 8 : 3}
        />
        <div className="grid content-start gap-2">
          <p className="text-sm font-semibold text-ink-soft">Voorbeeld</p>
          {!unchanged && preview.isError ? (
            <p role="alert" className="text-red-800">
              {errorMessage(preview.error)}
            </p>
          ) : unchanged && block.kind === "plain" ? (
            // A plain block's fragment is its text, not HTML.
            <div data-testid={`preview-${block.key}`} className={previewClass}>
              {block.html}
            </div>
          ) : (
            <div
              data-testid={`preview-${block.key}`}
              className={previewClass}
              // Sanitized on the server, the same fragment the page shows.
              dangerouslySetInnerHTML={{ __html: unchanged ? block.html : (preview.data?.html ?? "") }}
            />
          )}
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={() => setShowHistory(!showHistory)} aria-expanded={showHistory} className={adminButton("quiet")}>
          {showHistory ? "Verberg de versies" : "Vorige versies"}
        </button>
        <button type="button" onClick={() => setResetting(true)} disabled={!block.customised} className={adminButton("quiet")}>
          Terug naar standaardtekst
        </button>
        <button type="button" onClick={() => void save()} disabled={actions.save.isPending} className={adminButton("primary")}>
          {actions.save.isPending ? "Bezig..." : "Opslaan"}
        </button>
      </div>
      {showHistory ? (
        history.isPending ? (
          <p className="text-ink-soft">Versies laden...</p>
        ) : history.isError ? (
          <p role="alert" className="text-red-800">
            {errorMessage(history.error)}
          </p>
        ) : history.data.length === 0 ? (
          <p className="text-ink-soft">Nog geen bewaarde versies: de pagina toont de standaardtekst.</p>
        ) : (
          <ol aria-label={`Vorige versies van ${label}`} className="grid gap-2">
            {history.data.map((version) => (
              <li key={version.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sand p-3">
                <div>
                  <p className="text-sm text-ink-soft">{formatDateAt(version.saved_at)}</p>
                  <p className="whitespace-pre-wrap font-mono text-sm">{version.markdown}</p>
                </div>
                <button
                  type="button"
                  onClick={() => void restore(version.id)}
                  disabled={actions.restore.isPending}
                  className={adminButton("secondary", "sm")}
                  aria-label={`Zet de versie van ${formatDateAt(version.saved_at)} terug`}
                >
                  Zet terug
                </button>
              </li>
            ))}
          </ol>
        )
      ) : null}
      <ConfirmDialog
        open={resetting}
        title="Terug naar de standaardtekst?"
        confirmLabel="Standaardtekst terugzetten"
        onCancel={() => setResetting(false)}
        onConfirm={async () => {
          try {
            await actions.reset.mutateAsync();
            toast.success("De standaardtekst staat terug");
          } catch (e) {
            toast.error("Terugzetten lukte niet", { description: errorMessage(e) });
          } finally {
            setResetting(false);
          }
        }}
      >
        De pagina toont weer de standaardtekst. Je versies blijven bewaard.
      </ConfirmDialog>
    </section>
  );
}
