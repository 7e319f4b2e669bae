import { useId, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { Badge } from "@/components/admin/badge";
import { adminButton, cardClass } from "@/components/admin/styles";
import { TextareaField } from "@/components/form/field";
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

/** The block's name for the coach. */
function labelOf(block: PageBlock): string {
  if (block.key.endsWith(".title") && block.key.startsWith("seo.")) return "Titel in zoekmachines en bij delen";
  if (block.key.startsWith("seo.")) return "Beschrijving in zoekmachines en bij delen";
  return `Tekst ‘${block.key}’`;
}

interface Tool {
  label: string;
  before: string;
  after: string;
  placeholder: string;
  line?: boolean;
}

const inlineTools: Tool[] = [
  { label: "Vet", before: "**", after: "**", placeholder: "vette tekst" },
  { label: "Cursief", before: "*", after: "*", placeholder: "schuine tekst" },
  { label: "Link", before: "[", after: "](https://)", placeholder: "linktekst" },
];
const richTools: Tool[] = [
  ...inlineTools,
  { label: "Lijst", before: "- ", after: "", placeholder: "punt", line: true },
  { label: "Kop", before: "## ", after: "", placeholder: "tussentitel", line: true },
];

/** One block: a Markdown editor with buttons, the server's preview, its versions and the way back to the default. */
export function PageBlockEditor({ block }: { block: PageBlock }) {
  const titleId = useId();
  const [markdown, setMarkdown] = useState(block.markdown);
  const [error, setError] = useState<string>();
  const [resetting, setResetting] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const actions = usePageBlockActions(block.key);
  const preview = usePageBlockPreview(block.key, useDebouncedValue(markdown, 400));
  const history = usePageBlockHistory(block.key, showHistory);
  const tools = block.kind === "rich" ? richTools : block.kind === "inline" ? inlineTools : [];

  function apply(tool: Tool) {
    const el = textarea.current;
    if (!el) return;
    const { selectionStart: start, selectionEnd: end } = el;
    const selected = markdown.slice(start, end) || tool.placeholder;
    const lead = tool.line && start > 0 && markdown[start - 1] !== "\n" ? "\n" : "";
    const insert = `${lead}${tool.before}${selected}${tool.after}`;
    setMarkdown(markdown.slice(0, start) + insert + markdown.slice(end));
    requestAnimationFrame(() => {
      el.focus();
      const from = start + lead.length + tool.before.length;
      el.setSelectionRange(from, from + selected.length);
    });
  }

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
        <h2 id={titleId} className="text-lg">
          {labelOf(block)}
        </h2>
        {block.customised && block.updated_at ? (
          <Badge tone="teal" wrap>Aangepast op {formatDateAt(block.updated_at)}</Badge>
        ) : (
          <Badge>Standaardtekst</Badge>
        )}
      </div>
      <div className="grid gap-4 @3xl:grid-cols-2">
        <div className="grid content-start gap-2">
          {tools.length > 0 ? (
            <div role="toolbar" aria-label={`Opmaak voor ${labelOf(block)}`} className="flex flex-wrap gap-2">
              {tools.map((tool) => (
                <button key={tool.label} type="button" onClick={() => apply(tool)} className={adminButton("secondary", "sm")}>
                  {tool.label}
                </button>
              ))}
            </div>
          ) : null}
          <TextareaField
            ref={textarea}
            label={labelOf(block)}
            value={markdown}
            onChange={(e) => setMarkdown(e.target.value)}
            error={error}
            rows={block.kind === "rich" ? 8 : 3}
            controlClassName="font-mono text-sm"
          />
        </div>
        <div className="grid content-start gap-2">
          <p className="text-sm font-semibold text-ink-soft">Voorbeeld</p>
          {preview.isError ? (
            <p role="alert" className="text-red-800">
              {errorMessage(preview.error)}
            </p>
          ) : (
            <div
              data-testid={`preview-${block.key}`}
              className="rounded-xl border border-sand bg-cream p-3 [&_a]:text-teal-dark [&_a]:underline [&_h2]:text-xl [&_li]:ml-5 [&_li]:list-disc [&_p+p]:mt-2"
              // Sanitized on the server, the same fragment the page shows.
              dangerouslySetInnerHTML={{ __html: preview.data?.html ?? "" }}
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
          <ol aria-label={`Vorige versies van ${labelOf(block)}`} className="grid gap-2">
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
