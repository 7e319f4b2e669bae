import { XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { AdminDialog } from "@/features/admin/components/admin-dialog";
import { AdminTabs } from "@/features/admin/components/admin-tabs";
import { Badge } from "@/features/admin/components/badge";
import { Field } from "@/features/admin/components/field";
import { FormAlert } from "@/features/admin/components/form-alert";
import { PageHeader } from "@/features/admin/components/page-header";
import { Pagination } from "@/features/admin/components/pagination";
import { LoadError, LoadingBlock } from "@/features/admin/components/query-status";
import { pageCount } from "@/features/admin/lib/pages";
import { adminButton, inputClass } from "@/features/admin/lib/styles";
import { useAdminForm } from "@/features/admin/lib/use-admin-form";
import { useAdminIntroCalls, useCancelIntroCall } from "@/features/intro-calls/api/admin-intro-calls";
import { callModeLabel } from "@/features/intro-calls/lib/call-labels";
import type { IntroCall, When } from "@/lib/api-types";
import { formatDateAt, formatTime } from "@/lib/format";

const PER_PAGE = 10;

function CallsTable({ when, onCancel }: { when: When; onCancel: (call: IntroCall) => void }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch } = useAdminIntroCalls({ when, page, perPage: PER_PAGE });

  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) setPage(pageCount(data.total, PER_PAGE));
  }, [data, page]);

  if (isPending) return <LoadingBlock label="Gesprekken laden..." />;
  if (isError) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (data.items.length === 0) {
    return (
      <p className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
        {when === "upcoming"
          ? "Er zijn geen komende kennismakingsgesprekken."
          : "Er zijn nog geen voorbije gesprekken."}
      </p>
    );
  }
  return (
    <>
      <div className="relative overflow-x-auto rounded-2xl border border-sand bg-paper">
        <table className="w-full min-w-[40rem] text-left">
          <caption className="sr-only">
            {when === "upcoming"
              ? "Komende gesprekken, eerstvolgende eerst"
              : "Voorbije gesprekken, meest recente eerst"}
          </caption>
          <thead className="border-b border-sand bg-cream-deep text-sm">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Wanneer
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Wie
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Hoe
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Acties</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand">
            {data.items.map((call) => (
              <tr key={call.id} className="align-top">
                <td className="px-4 py-3">
                  <p className="font-medium text-ink">{formatDateAt(call.starts_at)}</p>
                  <p className="text-sm text-ink-soft">tot {formatTime(call.ends_at)}</p>
                </td>
                <td className="px-4 py-3">
                  <p className="font-medium text-ink">{call.name}</p>
                  <p className="text-sm">
                    <a href={`mailto:${call.email}`} className="text-link">
                      {call.email}
                    </a>
                  </p>
                  {call.phone ? <p className="text-sm text-ink-soft">{call.phone}</p> : null}
                  {call.question ? <p className="mt-1 max-w-md text-sm text-ink-soft">“{call.question}”</p> : null}
                </td>
                <td className="px-4 py-3">{callModeLabel(call.mode)}</td>
                <td className="px-4 py-3">
                  {call.status === "booked" ? (
                    <Badge tone="teal">Geboekt</Badge>
                  ) : (
                    <Badge tone="red">
                      {call.cancelled_by === "coach" ? "Geannuleerd door jou" : "Geannuleerd door bezoeker"}
                    </Badge>
                  )}
                </td>
                <td className="px-4 py-3">
                  {call.status === "booked" && when === "upcoming" ? (
                    <button type="button" onClick={() => onCancel(call)} className={adminButton("danger-quiet", "sm")}>
                      <XCircle aria-hidden="true" className="h-4 w-4" />
                      Annuleren
                      <span className="sr-only">
                        {" "}
                        ({call.name}, {formatDateAt(call.starts_at)})
                      </span>
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={page}
        total={data.total}
        perPage={PER_PAGE}
        onPageChange={setPage}
        label={when === "upcoming" ? "komende gesprekken" : "voorbije gesprekken"}
      />
    </>
  );
}

function CancelForm({ call, onDone }: { call: IntroCall; onDone: () => void }) {
  const cancel = useCancelIntroCall();
  const { values, set, errors, formError, formRef, onSubmit } = useAdminForm<{ message: string }, "message">({
    initial: () => ({ message: "" }),
    validate: (v) => (v.message.trim() ? {} : { message: "Schrijf een kort bericht voor de bezoeker." }),
    saving: cancel.isPending,
    async save(v) {
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
      <Field label="Bericht aan de bezoeker" error={errors.message} hint="Komt in de e-mail die de bezoeker krijgt.">
        {(props) => (
          <textarea
            {...props}
            rows={4}
            maxLength={1000}
            value={values.message}
            onChange={(e) => set("message", e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onDone} disabled={cancel.isPending} className={adminButton("quiet")}>
          Terug
        </button>
        <button type="submit" disabled={cancel.isPending} className={adminButton("danger")}>
          {cancel.isPending ? "Bezig..." : "Gesprek annuleren"}
        </button>
      </div>
    </form>
  );
}

/** /admin/afspraken: booked intro calls, upcoming and past; cancel with a message. */
export function IntroCallsAdmin() {
  const [when, setWhen] = useState<When>("upcoming");
  const [cancelling, setCancelling] = useState<IntroCall | null>(null);
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
        <CallsTable key={when} when={when} onCancel={setCancelling} />
      </AdminTabs>
      <AdminDialog open={cancelling !== null} title="Gesprek annuleren" onClose={() => setCancelling(null)}>
        {cancelling ? <CancelForm call={cancelling} onDone={() => setCancelling(null)} /> : null}
      </AdminDialog>
    </>
  );
}
