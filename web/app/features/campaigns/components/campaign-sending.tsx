import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/admin/badge";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { adminButton, cardClass } from "@/components/admin/styles";
import { InputField } from "@/components/form/field";
import { errorMessage } from "@/components/form/form-errors";
import { useChangeCampaign, type CampaignChange } from "@/features/campaigns/api/change-campaign";
import { getCampaignAudience } from "@/features/campaigns/api/get-campaign-audience";
import { useSendCampaign } from "@/features/campaigns/api/send-campaign";
import { useSendTest } from "@/features/campaigns/api/send-test";
import { campaignStatusLabel, campaignStatusTone, progressText } from "@/features/campaigns/lib/campaign-labels";
import type { Campaign } from "@/lib/api-types";
import { formatDateAt } from "@/lib/format";

interface Recipients {
  /** The draft as saved right before, so the dialog names what goes out. */
  campaign: Campaign;
  label: string;
  count: number;
}

const number = new Intl.NumberFormat("nl-BE");

/**
 * A draft's way out: a test mail to herself, then send now or at a chosen time. Each first saves what
 * is on screen (`saveFirst`), so what she sees is what goes out; the send dialog names the audience
 * and how many people it holds, as the server counts them.
 */
export function CampaignSendPanel({ campaign, saveFirst }: { campaign: Campaign; saveFirst: () => Promise<Campaign | null> }) {
  const test = useSendTest();
  const send = useSendCampaign();
  const [preparing, setPreparing] = useState(false);
  const [confirming, setConfirming] = useState<Recipients | null>(null);
  const [sendAt, setSendAt] = useState("");
  const [sendAtError, setSendAtError] = useState<string | undefined>();

  /** Saves first; null (with a message) when the form has something to fix. */
  async function prepare(): Promise<Campaign | null> {
    setPreparing(true);
    try {
      const saved = await saveFirst();
      if (!saved) toast.error("Eerst bewaren lukte niet", { description: "Kijk de velden van de nieuwsbrief na." });
      return saved;
    } finally {
      setPreparing(false);
    }
  }

  async function onTest() {
    const saved = await prepare();
    if (!saved) return;
    try {
      const { to } = await test.mutateAsync(saved.id);
      toast.success("Testmail verstuurd", { description: `Met wat nu op je scherm staat. Kijk in de mailbox van ${to}.` });
    } catch (e) {
      toast.error("De testmail lukte niet", { description: errorMessage(e) });
    }
  }

  async function onAskSend() {
    const saved = await prepare();
    if (!saved) return;
    try {
      const { label, count } = await getCampaignAudience(saved.id);
      if (count === 0) {
        toast.error("Er is nog niemand om naar te sturen", {
          description: `${label}: niemand heeft een bevestigde inschrijving.`,
        });
        return;
      }
      setConfirming({ campaign: saved, label, count });
    } catch (e) {
      toast.error("Versturen lukte niet", { description: errorMessage(e) });
    }
  }

  async function onSchedule(at: string) {
    if (await prepare()) await onSend(at);
  }

  async function onSend(at: string | null) {
    try {
      const result = await send.mutateAsync({ id: campaign.id, sendAt: at });
      setConfirming(null);
      toast.success(at ? "Nieuwsbrief gepland" : "Nieuwsbrief wordt verstuurd", {
        description: at && result.scheduled_at ? `Op ${formatDateAt(result.scheduled_at)}.` : `Naar ${result.figures.total} mensen.`,
      });
    } catch (e) {
      setConfirming(null);
      const fields = (e as { fields?: Record<string, string> }).fields;
      if (fields?.send_at) setSendAtError(fields.send_at);
      else toast.error("Versturen lukte niet", { description: errorMessage(e) });
    }
  }

  const busy = preparing || test.isPending || send.isPending;
  return (
    <section aria-labelledby="campaign-send-title" className={`${cardClass} grid gap-4`}>
      <h2 id="campaign-send-title" className="text-xl">
        Testen en versturen
      </h2>
      <p className="text-ink-soft">Wat nu op je scherm staat, wordt eerst bewaard en dan verstuurd.</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={onTest} disabled={busy} className={adminButton("secondary")}>
          {test.isPending ? "Bezig..." : "Testmail naar mezelf"}
        </button>
        <button type="button" onClick={onAskSend} disabled={busy} className={adminButton("primary")}>
          Nu versturen
        </button>
      </div>
      <form
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setSendAtError(undefined);
          if (!sendAt) return setSendAtError("Kies een datum en een uur.");
          void onSchedule(sendAt);
        }}
      >
        <InputField
          label="Of plan op"
          name="send_at"
          type="datetime-local"
          value={sendAt}
          onChange={(e) => setSendAt(e.target.value)}
          error={sendAtError}
          hint="Belgische tijd."
        />
        <button type="submit" disabled={busy} className={adminButton("quiet")}>
          Inplannen
        </button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title="Nieuwsbrief nu versturen?"
        confirmLabel={
          confirming ? `Ja, naar ${number.format(confirming.count)} ${confirming.count === 1 ? "persoon" : "mensen"}` : "Ja, versturen"
        }
        onConfirm={() => onSend(null)}
        onCancel={() => setConfirming(null)}
      >
        {confirming ? (
          <>
            <p>
              ‘{confirming.campaign.subject}’ gaat meteen naar{" "}
              <strong className="text-ink">
                {number.format(confirming.count)} {confirming.count === 1 ? "persoon" : "mensen"}
              </strong>
              .
            </p>
            <p className="mt-2">
              Publiek: <strong className="text-ink">{confirming.label}</strong>.
            </p>
            <p className="mt-2">Dat kan niet ongedaan.</p>
          </>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

/** Progress while sending (refreshed every second), pause and resume; the figures and archive once sent. */
export function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const change = useChangeCampaign();
  const { total, sent, failed, skipped, unsubscribed_after } = campaign.figures;
  const done = sent + failed + skipped;

  async function run(what: CampaignChange, success: string) {
    try {
      await change.mutateAsync({ id: campaign.id, change: what });
      toast.success(success);
    } catch (e) {
      toast.error("Dat lukte niet", { description: errorMessage(e) });
    }
  }

  const archiveUrl = campaign.slug ? `/nieuwsbrief/archief/${campaign.slug}` : null;
  return (
    <section aria-labelledby="campaign-progress-title" className={`${cardClass} grid gap-4`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="campaign-progress-title" className="text-xl">
          Verzending
        </h2>
        <Badge tone={campaignStatusTone(campaign.status)}>{campaignStatusLabel(campaign.status)}</Badge>
      </div>
      {campaign.status === "scheduled" && campaign.scheduled_at ? (
        <>
          <p>Gepland op {formatDateAt(campaign.scheduled_at)}.</p>
          <div>
            <button
              type="button"
              onClick={() => run("unschedule", "Planning geschrapt: weer een concept.")}
              disabled={change.isPending}
              className={adminButton("quiet")}
            >
              Planning schrappen
            </button>
          </div>
        </>
      ) : (
        <>
          <div>
            <label htmlFor="campaign-progress" className="font-semibold">
              Voortgang
            </label>
            <progress id="campaign-progress" max={Math.max(total, 1)} value={total === 0 ? 1 : done} className="mt-2 block h-3 w-full accent-teal">
              {progressText(done, total)}
            </progress>
            <p className="mt-1 text-sm text-ink-soft" aria-live="polite">
              {progressText(done, total)}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ["Verstuurd", sent],
              ["Mislukt", failed],
              ["Overgeslagen", skipped],
              ["Uitgeschreven na ontvangst", unsubscribed_after],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-cream-deep p-3">
                <dt className="text-sm text-ink-soft">{label}</dt>
                <dd className="text-2xl font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <div className="flex flex-wrap gap-3">
        {campaign.status === "sending" ? (
          <button type="button" onClick={() => run("pause", "Verzending gepauzeerd.")} disabled={change.isPending} className={adminButton("quiet")}>
            Pauzeren
          </button>
        ) : null}
        {campaign.status === "paused" ? (
          <button type="button" onClick={() => run("resume", "Verzending hervat.")} disabled={change.isPending} className={adminButton("primary")}>
            Hervatten
          </button>
        ) : null}
        {campaign.status === "sent" && !campaign.service_message ? (
          archiveUrl ? (
            <>
              <a href={archiveUrl} className={adminButton("secondary")}>
                Bekijk in het archief
              </a>
              <button type="button" onClick={() => run("unpublish", "Uit het archief gehaald.")} disabled={change.isPending} className={adminButton("quiet")}>
                Uit het archief halen
              </button>
            </>
          ) : (
            <button type="button" onClick={() => run("publish", "Gepubliceerd in het archief.")} disabled={change.isPending} className={adminButton("primary")}>
              Publiceren in het archief
            </button>
          )
        ) : null}
      </div>
    </section>
  );
}
