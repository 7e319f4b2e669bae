import { useRef, type ReactNode } from "react";
import { adminButton } from "@/components/admin/styles";
import { TextareaField } from "@/components/form/field";

/** What a Markdown text may hold: a paragraph or more, inline markup, or bold and italic only (in a button). */
export type MarkdownKind = "rich" | "inline" | "label" | "plain";

interface Tool {
  label: string;
  before: string;
  after: string;
  placeholder: string;
  line?: boolean;
}

/** In a button or link (a label): bold and italic only, as a link inside a link breaks the page. */
const labelTools: Tool[] = [
  { label: "Vet", before: "**", after: "**", placeholder: "vette tekst" },
  { label: "Cursief", before: "*", after: "*", placeholder: "schuine tekst" },
];
const inlineTools: Tool[] = [...labelTools, { label: "Link", before: "[", after: "](https://)", placeholder: "linktekst" }];
const richTools: Tool[] = [
  ...inlineTools,
  { label: "Lijst", before: "- ", after: "", placeholder: "punt", line: true },
  { label: "Kop", before: "## ", after: "", placeholder: "tussentitel", line: true },
];

const toolsOf: Record<MarkdownKind, Tool[]> = { rich: richTools, inline: inlineTools, label: labelTools, plain: [] };

interface MarkdownFieldProps {
  label: string;
  value: string;
  onChange: (markdown: string) => void;
  kind?: MarkdownKind;
  error?: ReactNode;
  hint?: ReactNode;
  rows?: number;
  className?: string;
}

/**
 * Her Markdown editor (Beheer: page blocks, the self-test's texts): buttons that put bold, italic,
 * a link, a list or a heading around the selection, above a plain textarea.
 */
export function MarkdownField({ label, value, onChange, kind = "rich", error, hint, rows, className = "" }: MarkdownFieldProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const tools = toolsOf[kind];

  function apply(tool: Tool) {
    const el = textarea.current;
    if (!el) return;
    const { selectionStart: start, selectionEnd: end } = el;
    const selected = value.slice(start, end) || tool.placeholder;
    const lead = tool.line && start > 0 && value[start - 1] !== "\n" ? "\n" : "";
    const insert = `${lead}${tool.before}${selected}${tool.after}`;
    onChange(value.slice(0, start) + insert + value.slice(end));
    requestAnimationFrame(() => {
      el.focus();
      const from = start + lead.length + tool.before.length;
      el.setSelectionRange(from, from + selected.length);
    });
  }

  return (
    <div className={`grid content-start gap-2 ${className}`}>
      {tools.length > 0 ? (
        <div role="toolbar" aria-label={`Opmaak voor ${label}`} className="flex flex-wrap gap-2">
          {tools.map((tool) => (
            <button key={tool.label} type="button" onClick={() => apply(tool)} className={adminButton("secondary", "sm")}>
              {tool.label}
            </button>
          ))}
        </div>
      ) : null}
      {kind === "label" ? (
        <p className="text-sm text-ink-soft">Deze tekst staat in een knop of link: vet en cursief kunnen, een link niet.</p>
      ) : null}
      <TextareaField
        ref={textarea}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        hint={hint}
        rows={rows ?? (kind === "rich" ? 8 : 3)}
        controlClassName="font-mono text-sm"
      />
    </div>
  );
}
