import { useState } from "react";
import { cardClass } from "@/components/admin/styles";
import { useCampaignPreview } from "@/features/campaigns/api/preview-campaign";
import { useDebouncedValue } from "@/lib/use-debounced-value";

const widths = {
  phone: { label: "Telefoon", px: 375 },
  desktop: { label: "Computer", px: 680 },
} as const;

type Width = keyof typeof widths;

interface CampaignPreviewProps {
  subject: string;
  preheader: string;
  body: string;
  /** The section's heading. */
  title?: string;
}

/** The mail exactly as the server renders it, in a frame as wide as a phone or a computer screen. */
export function CampaignPreview({ subject, preheader, body, title = "Voorbeeld" }: CampaignPreviewProps) {
  const [width, setWidth] = useState<Width>("desktop");
  const input = useDebouncedValue({ subject, preheader, body }, 400);
  const preview = useCampaignPreview(input);
  return (
    <section aria-labelledby="campaign-preview-title" className={`${cardClass} grid content-start gap-4`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="campaign-preview-title" className="text-xl">
          {title}
        </h2>
        <div role="group" aria-label="Breedte van het voorbeeld" className="flex gap-2">
          {(Object.keys(widths) as Width[]).map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={width === w}
              onClick={() => setWidth(w)}
              className={`rounded-lg border px-3 py-1.5 text-sm font-semibold ${
                width === w ? "border-teal bg-teal-soft text-teal-dark" : "border-sand bg-paper text-ink"
              }`}
            >
              {widths[w].label}
            </button>
          ))}
        </div>
      </div>
      <div className="rounded-xl border border-sand bg-cream-deep p-3">
        {preview.data ? (
          <iframe
            title={`${title} van de nieuwsbrief op een ${widths[width].label.toLowerCase()}`}
            srcDoc={preview.data.html}
            // An origin of its own: nothing in the mail can reach the admin page (and no script of the
            // mail runs: the page's CSP is inherited). Scripts are allowed only so that tools such as
            // axe-core can look inside the frame.
            sandbox="allow-scripts"
            // On a screen narrower than the chosen width the frame takes what there is.
            style={{ width: widths[width].px, maxWidth: "100%" }}
            className="mx-auto block h-[36rem] rounded-lg bg-white"
          />
        ) : (
          <p className="p-4 text-ink-soft">{preview.isError ? "Het voorbeeld lukte niet." : "Voorbeeld laden..."}</p>
        )}
      </div>
    </section>
  );
}
