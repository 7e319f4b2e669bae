import { Video, XCircle } from "lucide-react";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { EmailAddress } from "@/components/ui/email-address";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { AdminTabs } from "@/components/admin/admin-tabs";
import { Badge } from "@/components/admin/badge";
import { InputField, TextareaField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { PageHeader } from "@/components/admin/page-header";
import { RowButton } from "@/components/admin/row-button";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { adminButton } from "@/components/admin/styles";
import { useForm } from "@/components/form/use-form";
import { useAdminIntroCalls, useCancelIntroCall, useSetMeetingLink } from "@/features/intro-calls/api/admin-intro-calls";
import { callModeLabel } from "@/lib/call-labels";
import type { IntroCall, When } from "@/lib/api-types";
import { formatDateAt, formatTime } from "@/lib/format";
import { meetingLinkError } from "@/lib/meeting-link";

const PER_PAGE = 10;

const columns: Column<IntroCall>[] = [
  {
    header: "Wanneer",
    cell: (call) => (
      <>
        <span className="block text-ink">{formatDateAt(call.starts_at)}</span>
        <span className="block text-sm font-normal text-ink-soft">tot {formatTime(call.ends_at)}</span>
      </>
    ),
  },
  {
    header: "Wie",
    cell: (call) => (
      <>
        <p className="font-medium text-ink">{call.name}</p>
        <p className="text-sm">
          <EmailAddress email={call.email} link />
        </p>
        {call.phone ? <p className="text-sm text-ink-soft">{call.phone}</p> : null}
        {call.question ? <p className="mt-1 max-w-md text-sm text-ink-soft">“{call.question}”</p> : null}
      </>
    ),
  },
  {
    header: "Hoe",
    cell: (call) => (
      <>
        <span className="block">{callModeLabel(call.mode)}</span>
        {call.mode === "video" ? (
          call.meeting_url ? (
            <a href={call.meeting_url} className="block max-w-56 truncate text-sm underline" target="_blank" rel="noreferrer">
              {call.meeting_url}
            </a>
          ) : (
            <span className="block text-sm text-ink-soft">Nog geen videolink</span>
          )
        ) : null}
      </>
    ),
  },
  {
    header: "Status",
    cell: (call) =>
      call.status === "booked" ? (
        <Badge tone="teal">Geboekt</Badge>
      ) : (
        <Badge tone="red">{call.cancelled_by === "coach" ? "Geannuleerd door jou" : "Geannuleerd door bezoeker"}</Badge>
      ),
  },
];

function CallsTable({
  when,
  onCancel,
  onLink,
}: {
  when: When;
  onCancel: (call: IntroCall) => void;
  onLink: (call: IntroCall) => void;
}) {
  const list = useListState({ perPage: PER_PAGE });
  const calls = useAdminIntroCalls({ when, page: list.page, perPage: PER_PAGE });
  return (
    <DataList
      list={list}
      query={calls}
      label={when === "upcoming" ? "Komende gesprekken, eerstvolgende eerst" : "Voorbije gesprekken, meest recente eerst"}
      pagingLabel={when === "upcoming" ? "komende gesprekken" : "voorbije gesprekken"}
      loadingLabel="Gesprekken laden..."
      empty={when === "upcoming" ? "Er zijn geen komende kennismakingsgesprekken." : "Er zijn nog geen voorbije gesprekken."}
      columns={columns}
      actions={(call) =>
        call.status === "booked" && when === "upcoming" ? (
          <>
            {call.mode === "video" ? (
              <RowButton
                icon={Video}
                label="Videolink"
                row={`${call.name}, ${formatDateAt(call.starts_at)}`}
                onClick={() => onLink(call)}
              />
            ) : null}
            <RowButton
              icon={XCircle}
              label="Annuleren"
              row={`${call.name}, ${formatDateAt(call.starts_at)}`}
              variant="danger-quiet"
              onClick={() => onCancel(call)}
            />
          </>
        ) : null
      }
    />
  );
}

function CancelForm({ call, onDone }: { call: IntroCall; onDone: () => void }) {
  const cancel = useCancelIntroCall();
  const { field, formError, formRef, submitting, onSubmit } = useForm<{ message: string }, "message">({
    initial: () => ({ message: "" }),
    validate: (v) => (v.message.trim() ? {} : { message: "Schrijf een kort bericht voor de bezoeker." }),
    async submit(v) {
      await cancel.mutateAsync({ id: call.id, message: v.message.trim() });
      toast.success("Gesprek geannuleerd", { description: `${call.name} krijgt je bericht per e-mail.` });
      onDone();
    },
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormAlert message={formError} />
      <p className="text-ink-soft">
        Het gesprek met <strong className="text-ink">{call.name}</strong> op{" "}
        <strong className="text-ink">{formatDateAt(call.starts_at)}</strong> wordt geannuleerd en het moment komt weer
        vrij.
      </p>
      <TextareaField
        label="Bericht aan de bezoeker"
        {...field("message")}
        hint="Komt in de e-mail die de bezoeker krijgt."
        rows={4}
        maxLength={1000}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onDone} disabled={submitting} className={adminButton("quiet")}>
          Terug
        </button>
        <button type="submit" disabled={submitting} className={adminButton("danger")}>
          {submitting ? "Bezig..." : "Gesprek annuleren"}
        </button>
      </div>
    </form>
  );
}

function MeetingLinkForm({ call, onDone }: { call: IntroCall; onDone: () => void }) {
  const setLink = useSetMeetingLink();
  const { field, formError, formRef, submitting, onSubmit } = useForm<{ meeting_url: string }, "meeting_url">({
    initial: () => ({ meeting_url: call.meeting_url ?? "" }),
    validate: (v) => ({ meeting_url: meetingLinkError(v.meeting_url) }),
    async submit(v) {
      const saved = await setLink.mutateAsync({ id: call.id, meetingUrl: v.meeting_url.trim() || null });
      toast.success("Videolink opgeslagen", {
        description: saved.meeting_url ? `${call.name} krijgt de link per e-mail.` : "Het gesprek heeft geen videolink.",
      });
      onDone();
    },
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="grid gap-5">
      <FormAlert message={formError} />
      <p className="text-ink-soft">
        Het videogesprek met <strong className="text-ink">{call.name}</strong> op{" "}
        <strong className="text-ink">{formatDateAt(call.starts_at)}</strong>.
      </p>
      <InputField
        label="Link van het videogesprek"
        type="url"
        inputMode="url"
        placeholder="https://meet.jit.si/in-lumine"
        {...field("meeting_url")}
        hint="De bezoeker krijgt hem meteen per e-mail, en ook in de herinnering. Leeg: de standaardlink uit Meldingen."
      />
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onDone} disabled={submitting} className={adminButton("quiet")}>
          Terug
        </button>
        <button type="submit" disabled={submitting} className={adminButton("primary")}>
          {submitting ? "Bezig..." : "Videolink opslaan"}
        </button>
      </div>
    </form>
  );
}

/** /admin/afspraken: booked intro calls, upcoming and past; cancel with a message, set a video link. */
export function IntroCallsAdmin() {
  const [when, setWhen] = useState<When>("upcoming");
  const [cancelling, setCancelling] = useState<IntroCall | null>(null);
  const [linking, setLinking] = useState<IntroCall | null>(null);
  return (
    <>
      <PageHeader
        title="Afspraken"
        intro={
          <p>
            De gratis kennismakingsgesprekken die bezoekers boekten. Annuleer je er een, dan krijgt de bezoeker je
            bericht per e-mail.
          </p>
        }
      />
      <AdminTabs
        label="Welke gesprekken"
        tabs={[
          { value: "upcoming", label: "Komende gesprekken" },
          { value: "past", label: "Voorbije gesprekken" },
        ]}
        value={when}
        onChange={setWhen}
      >
        <CallsTable key={when} when={when} onCancel={setCancelling} onLink={setLinking} />
      </AdminTabs>
      <AdminDialog open={cancelling !== null} title="Gesprek annuleren" onClose={() => setCancelling(null)}>
        {cancelling ? <CancelForm call={cancelling} onDone={() => setCancelling(null)} /> : null}
      </AdminDialog>
      <AdminDialog open={linking !== null} title="Videolink" onClose={() => setLinking(null)}>
        {linking ? <MeetingLinkForm call={linking} onDone={() => setLinking(null)} /> : null}
      </AdminDialog>
    </>
  );
}
