import { AlertTriangle, FileDown, Mail, RefreshCw, Undo2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { toast } from "@/components/ui/toast";
import { Badge, type BadgeTone } from "@/components/admin/badge";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { CheckboxField } from "@/components/form/field";
import { errorMessage } from "@/components/form/form-errors";
import { adminButton } from "@/components/admin/styles";
import { RowButton } from "@/components/admin/row-button";
import { useEnrolment, useResendEnrolment } from "@/features/orders/api/enrolment";
import { useOrder } from "@/features/orders/api/get-order";
import { useRefundOrder } from "@/features/orders/api/refund-order";
import { useRefundTickets } from "@/features/orders/api/refund-tickets";
import { useResendConfirmation } from "@/features/orders/api/resend-confirmation";
import type { AdminOrderDetail, EnrolmentMethod, EnrolmentStatus, InvoiceFormat, InvoiceSummary } from "@/lib/api-types";
import { downloadInvoiceFile } from "@/lib/invoice-download";
import { invoiceKindLabel } from "@/lib/invoice-files";
import {
  attentionExplanation,
  attentionLabel,
  buyerName,
  canRefund,
  isRealProvider,
  orderStatusLabel,
  orderStatusTone,
  providerLabel,
  refundConsequence,
} from "@/lib/order-labels";
import { ticketStatusLabel, ticketStatusTone } from "@/features/orders/lib/ticket-labels";
import { formatPriceCents, formatShortDate, formatTime } from "@/lib/format";

function when(value: string | null | undefined): string {
  return value ? `${formatShortDate(value)}, ${formatTime(value)}` : "—";
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-ink-soft">{label}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6 first:mt-0">
      <h3 className="font-sans text-lg font-semibold text-ink">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** The order's invoice and credit notes, each downloadable as PDF (and UBL for a company). */
function Invoices({ invoices }: { invoices: InvoiceSummary[] }) {
  async function download(invoice: InvoiceSummary, format: InvoiceFormat) {
    try {
      const filename = await downloadInvoiceFile(invoice.id, format);
      toast.success("Gedownload", { description: `${filename} staat in je downloads.` });
    } catch (e) {
      toast.error("Downloaden lukte niet", { description: errorMessage(e) });
    }
  }
  return (
    <ul className="divide-y divide-sand">
      {invoices.map((invoice) => {
        const name = `${invoiceKindLabel(invoice.kind)} ${invoice.number}`;
        return (
          <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-semibold">{name}</span>
              <span className="ml-2 text-ink-soft">
                {formatShortDate(invoice.issue_date)} · {formatPriceCents(invoice.total_cents)}
              </span>
              {invoice.no_xml_reason ? (
                <span className="block text-sm text-ink-soft">{invoice.no_xml_reason}</span>
              ) : null}
            </span>
            <span className="flex flex-wrap gap-2">
              <RowButton icon={FileDown} label="PDF" row={name} onClick={() => void download(invoice, "pdf")} />
              {invoice.has_xml ? (
                <RowButton icon={FileDown} label="UBL" row={name} onClick={() => void download(invoice, "xml")} />
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

const ENROLMENT_METHODS: Record<EnrolmentMethod, string> = {
  webhook: "Inschrijving via het platform",
  access_code: "Persoonlijke toegangscode in de e-mail",
};

const ENROLMENT_STATUSES: Record<EnrolmentStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Wordt doorgegeven", tone: "gold" },
  delivered: { label: "Ingeschreven op het platform", tone: "teal" },
  failed: { label: "Mislukt", tone: "red" },
  code_sent: { label: "Code gemaild", tone: "teal" },
  revoked: { label: "Ingetrokken na terugbetaling", tone: "plain" },
};

/** How the buyer of a paid course gets access, where it stands, and a resend. */
function CourseAccess({ order }: { order: AdminOrderDetail }) {
  const course = !order.event_title && (order.status === "paid" || order.status === "refunded");
  const enrolment = useEnrolment(order.id, course);
  const resend = useResendEnrolment();
  if (!course || !enrolment.data) return null;
  const e = enrolment.data;
  const status = ENROLMENT_STATUSES[e.status];

  async function onResend() {
    try {
      await resend.mutateAsync(order.id);
      toast.success("Toegang opnieuw verstuurd", {
        description: e.method === "webhook" ? "Het platform krijgt de inschrijving opnieuw." : `De code gaat opnieuw naar ${order.email}.`,
      });
    } catch (err) {
      toast.error("Opnieuw versturen lukte niet", { description: errorMessage(err) });
    }
  }

  return (
    <Section title="Toegang tot de cursus">
      <dl className="divide-y divide-sand">
        <Row label="Hoe">{ENROLMENT_METHODS[e.method]}</Row>
        <Row label="Status">
          <Badge tone={status.tone}>{status.label}</Badge>
          {e.method === "webhook" && e.attempts > 0 ? (
            <span className="ml-2 text-sm text-ink-soft">
              {e.attempts} {e.attempts === 1 ? "poging" : "pogingen"}
            </span>
          ) : null}
          {e.last_error && e.status !== "delivered" ? (
            <span className="block text-sm text-ink-soft">Laatste fout: {e.last_error}</span>
          ) : null}
        </Row>
        {e.access_code ? (
          <Row label="Toegangscode">
            <span className="font-mono">{e.access_code}</span>
          </Row>
        ) : null}
        <Row label="Laatst verstuurd">
          {when(e.updated_at)} ({e.sends}×)
        </Row>
      </dl>
      {/* A refunded course's access is withdrawn: nothing to send again. */}
      {e.status === "revoked" ? null : (
        <button type="button" onClick={() => void onResend()} disabled={resend.isPending} className={adminButton("secondary", "sm", "mt-3")}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {resend.isPending ? "Bezig..." : "Toegang opnieuw versturen"}
        </button>
      )}
    </Section>
  );
}

/** What a refund toast says once `amountCents` went back. */
function refundedDescription(order: AdminOrderDetail, amountCents: number): string {
  return isRealProvider(order.provider)
    ? `De terugbetaling van ${formatPriceCents(amountCents)} is gestart bij ${providerLabel(order.provider)}. ${buyerName(order)} krijgt een creditnota.`
    : `${formatPriceCents(amountCents)} van ${buyerName(order)} staat op terugbetaald.`;
}

function Detail({ order }: { order: AdminOrderDetail }) {
  const [refunding, setRefunding] = useState(false);
  const [refundingTickets, setRefundingTickets] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const refund = useRefundOrder();
  const refundSome = useRefundTickets();
  const resend = useResendConfirmation();
  const attention = attentionLabel(order.attention);
  const left = order.total_cents - order.refunded_cents;
  const partly = order.refunded_cents > 0;
  const refundable = new Map(order.refundable_tickets.map((t) => [t.ticket_id, t.amount_cents]));
  const chosenAmount = chosen.reduce((sum, id) => sum + (refundable.get(id) ?? 0), 0);
  // Tickets can be paid back one by one while more than one is left.
  const perTicket = canRefund(order) && refundable.size > 1;

  async function confirmRefund() {
    try {
      await refund.mutateAsync(order.id);
      toast.success(partly ? "Rest terugbetaald" : "Bestelling terugbetaald", {
        description: refundedDescription(order, left),
      });
    } catch (e) {
      toast.error("Terugbetalen lukte niet", { description: errorMessage(e) });
    }
    setRefunding(false);
  }

  async function confirmTicketRefund() {
    try {
      await refundSome.mutateAsync({ orderId: order.id, ticketIds: chosen });
      toast.success(chosen.length === 1 ? "Ticket terugbetaald" : `${chosen.length} tickets terugbetaald`, {
        description: refundedDescription(order, chosenAmount),
      });
      setChosen([]);
    } catch (e) {
      toast.error("Terugbetalen lukte niet", { description: errorMessage(e) });
    }
    setRefundingTickets(false);
  }

  function choose(ticketId: number, on: boolean) {
    setChosen((ids) => (on ? [...ids.filter((id) => id !== ticketId), ticketId] : ids.filter((id) => id !== ticketId)));
  }

  async function onResend() {
    try {
      await resend.mutateAsync(order.id);
      toast.success("Bevestiging opnieuw verstuurd", { description: `De bevestigingsmail gaat opnieuw naar ${order.email}.` });
    } catch (e) {
      toast.error("Versturen lukte niet", { description: errorMessage(e) });
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={orderStatusTone(order.status)}>{orderStatusLabel(order.status)}</Badge>
        {attention ? <Badge tone="red">{attention}</Badge> : null}
      </div>
      {attention ? (
        <div className="mt-4 flex gap-3 rounded-xl border border-red-800/30 bg-red-50 p-4 text-ink">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-red-800" />
          <p>{attentionExplanation(order.attention)}</p>
        </div>
      ) : null}

      <div className="mt-5 flex flex-wrap gap-3">
        {canRefund(order) ? (
          <button type="button" onClick={() => setRefunding(true)} className={adminButton("danger-quiet", "sm")}>
            <Undo2 aria-hidden="true" className="h-4 w-4" />
            {partly ? "Rest terugbetalen" : perTicket ? "Alles terugbetalen" : "Terugbetalen"}
          </button>
        ) : null}
        {order.status === "paid" ? (
          <button type="button" onClick={() => void onResend()} disabled={resend.isPending} className={adminButton("secondary", "sm")}>
            <Mail aria-hidden="true" className="h-4 w-4" />
            {resend.isPending ? "Bezig..." : "Bevestiging opnieuw sturen"}
          </button>
        ) : null}
      </div>

      <div className="mt-6">
        <Section title="Koper">
          <dl className="divide-y divide-sand">
            <Row label="Naam">{buyerName(order)}</Row>
            <Row label="E-mailadres">
              <a href={`mailto:${order.email}`} className="text-link break-all">
                {order.email}
              </a>
            </Row>
            <Row label="Telefoon">{order.phone || "—"}</Row>
            <Row label="Bedrijf">{order.company || "—"}</Row>
            <Row label="Btw-nummer">{order.vat_number || "—"}</Row>
            {order.registration_number ? <Row label="Ondernemingsnummer">{order.registration_number}</Row> : null}
          </dl>
        </Section>

        <Section title="Bestelling">
          <dl className="divide-y divide-sand">
            <Row label="Bestelnummer">
              <span className="font-mono">{order.public_id}</span>
            </Row>
            <Row label="Product">
              {order.product_name}
              {order.event_title ? <span className="block text-sm text-ink-soft">{order.event_title}</span> : null}
            </Row>
            <Row label="Aantal">
              {order.quantity} × {formatPriceCents(order.unit_price_cents)}
            </Row>
            <Row label="Subtotaal">{formatPriceCents(order.subtotal_cents)}</Row>
            <Row label="Korting">
              {order.discount_cents > 0 ? `– ${formatPriceCents(order.discount_cents)}` : formatPriceCents(0)}
              {order.coupon_code ? <span className="ml-2 font-mono text-sm">({order.coupon_code})</span> : null}
            </Row>
            <Row label="Totaal (incl. btw)">
              <strong>{formatPriceCents(order.total_cents)}</strong>
            </Row>
            {partly ? <Row label="Terugbetaald">{formatPriceCents(order.refunded_cents)}</Row> : null}
            <Row label="Besteld op">{when(order.created_at)}</Row>
            <Row label="Betaald op">{when(order.paid_at)}</Row>
            {order.status === "pending" ? <Row label="Reservering tot">{when(order.expires_at)}</Row> : null}
          </dl>
        </Section>

        <CourseAccess order={order} />

        <Section title="Betaling">
          <dl className="divide-y divide-sand">
            <Row label="Betaalprovider">{providerLabel(order.provider)}</Row>
            <Row label="Referentie">
              {order.provider_ref ? <span className="break-all font-mono text-sm">{order.provider_ref}</span> : "—"}
            </Row>
          </dl>
        </Section>

        <Section title="Voorwaarden en toestemming">
          <dl className="divide-y divide-sand">
            <Row label="Aanvaard op">{when(order.terms_accepted_at)}</Row>
            <Row label="Toestemming">
              <q className="italic">{order.consent_text}</q>
            </Row>
          </dl>
        </Section>

        {order.invoices.length > 0 ? (
          <Section title={order.invoices.length > 1 ? "Factuur en creditnota's" : "Factuur"}>
            <Invoices invoices={order.invoices} />
          </Section>
        ) : null}

        {order.tickets.length > 0 ? (
          <Section title={`Tickets (${order.tickets.length})`}>
            <ul className="divide-y divide-sand">
              {order.tickets.map((t) => {
                const amount = refundable.get(t.id);
                const refunded = order.refunded_ticket_ids.includes(t.id);
                return (
                  <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    {perTicket && amount !== undefined ? (
                      <CheckboxField
                        name={`ticket-${t.id}`}
                        checked={chosen.includes(t.id)}
                        onChange={(on) => choose(t.id, on)}
                      >
                        <span className="font-mono font-semibold">{t.code}</span>
                        <span className="ml-2 text-ink-soft">
                          {t.holder_name} · {formatPriceCents(amount)}
                        </span>
                      </CheckboxField>
                    ) : (
                      <span>
                        <span className="font-mono font-semibold">{t.code}</span>
                        <span className="ml-2 text-ink-soft">{t.holder_name}</span>
                      </span>
                    )}
                    <span className="flex flex-wrap gap-2">
                      {refunded ? <Badge tone="gold">Terugbetaald</Badge> : null}
                      <Badge tone={ticketStatusTone(t.status)}>{ticketStatusLabel(t.status)}</Badge>
                    </span>
                  </li>
                );
              })}
            </ul>
            {perTicket ? (
              <button
                type="button"
                onClick={() => setRefundingTickets(true)}
                disabled={chosen.length === 0 || refundSome.isPending}
                className={adminButton("danger-quiet", "sm", "mt-3")}
              >
                <Undo2 aria-hidden="true" className="h-4 w-4" />
                {chosen.length === 0
                  ? "Kies tickets om terug te betalen"
                  : `${chosen.length === 1 ? "1 ticket" : `${chosen.length} tickets`} terugbetalen (${formatPriceCents(chosenAmount)})`}
              </button>
            ) : null}
          </Section>
        ) : null}

        <Section title="Geschiedenis">
          {order.history.length === 0 ? (
            <p className="text-ink-soft">Nog geen wijzigingen.</p>
          ) : (
            <ol aria-label="Geschiedenis van de bestelling, oudste eerst" className="divide-y divide-sand">
              {order.history.map((h, i) => (
                <li key={`${h.created_at}-${i}`} className="grid gap-x-4 gap-y-0.5 py-2 sm:grid-cols-[12rem_1fr]">
                  <span className="text-sm text-ink-soft">{when(h.created_at)}</span>
                  <span>
                    <span className="font-semibold">{orderStatusLabel(h.status)}</span>
                    {h.note ? <span className="block text-sm text-ink">{h.note}</span> : null}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>

      <ConfirmDialog
        open={refunding}
        title="Bestelling terugbetalen?"
        confirmLabel="Terugbetalen"
        cancelLabel="Terug"
        onConfirm={confirmRefund}
        onCancel={() => setRefunding(false)}
      >
        <p>{refundConsequence(order, left)}</p>
        {order.tickets.some((t) => t.status !== "cancelled") ? (
          <p className="mt-2">
            {partly ? "De overige tickets" : "De tickets van deze bestelling"} worden geannuleerd en de plaatsen komen
            weer vrij.
          </p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={refundingTickets}
        title={chosen.length === 1 ? "Dit ticket terugbetalen?" : `Deze ${chosen.length} tickets terugbetalen?`}
        confirmLabel="Terugbetalen"
        cancelLabel="Terug"
        onConfirm={confirmTicketRefund}
        onCancel={() => setRefundingTickets(false)}
      >
        <p>{refundConsequence(order, chosenAmount)}</p>
        <p className="mt-2">
          {chosen.length === 1 ? "Het ticket wordt" : "De tickets worden"} geannuleerd, de plaats komt vrij (eerst voor wie
          op de wachtlijst staat) en {buyerName(order)} krijgt een creditnota voor precies{" "}
          {chosen.length === 1 ? "dit ticket" : "deze tickets"}.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** One order in full: buyer, amounts, payment, consent, tickets and history; refund and resend. */
export function OrderDetail({ orderId }: { orderId: number }) {
  const { data, isPending, isError, error, refetch } = useOrder(orderId);
  if (isPending) return <LoadingBlock label="Bestelling laden..." />;
  if (isError) return <LoadError error={error} onRetry={() => void refetch()} />;
  return <Detail order={data} />;
}
