import { cardClass } from "@/components/admin/styles";
import { errorMessage } from "@/components/form/form-errors";
import { useMailTextPreview } from "@/features/mail-texts/api/preview-mail-text";
import type { MailKind } from "@/lib/api-types";
import { useDebouncedValue } from "@/lib/use-debounced-value";

/** The mail as the server renders it, with sample values filled in. */
export function MailTextPreview({ kind, subject, body }: { kind: MailKind; subject: string; body: string }) {
  const input = useDebouncedValue({ subject, body }, 400);
  const preview = useMailTextPreview(kind, input);
  return (
    <section aria-labelledby="mail-preview-title" className={`${cardClass} grid content-start gap-4`}>
      <h2 id="mail-preview-title" className="text-xl">
        Voorbeeld
      </h2>
      {preview.isError ? (
        <p role="alert" className="text-red-800">
          {errorMessage(preview.error)}
        </p>
      ) : null}
      {preview.data ? (
        <>
          <p>
            <span className="text-ink-soft">Onderwerp: </span>
            <span data-testid="mail-preview-subject">{preview.data.subject}</span>
          </p>
          <div className="rounded-xl border border-sand bg-cream-deep p-3">
            <iframe
              // A new frame per version: changing srcDoc in place leaves the old document showing
              // for a moment in some browsers.
              key={preview.data.html}
              title="Voorbeeld van de mail"
              srcDoc={preview.data.html}
              // An origin of its own: nothing in the mail can reach the admin page. Scripts are
              // allowed only so that tools such as axe-core can look inside the frame.
              sandbox="allow-scripts"
              className="block h-[32rem] w-full rounded-lg bg-white"
            />
          </div>
        </>
      ) : preview.isError ? null : (
        <p className="text-ink-soft">Voorbeeld laden...</p>
      )}
    </section>
  );
}
