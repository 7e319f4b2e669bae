import { CalendarClock, CircleAlert, Inbox, MailWarning, ShoppingBag, Ticket, UserRoundCheck, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { adminButton, cardClass } from "@/components/admin/styles";
import { useToday } from "@/features/today/api/get-today";
import type { TodayItem } from "@/lib/api-types";
import { callModeLabel } from "@/lib/call-labels";
import { eventKindLabel } from "@/lib/event-labels";
import { formatDateAt, formatTime, isSameBrusselsDay } from "@/lib/format";

interface Line {
  icon: LucideIcon;
  what: string;
  details: string[];
  action: { label: string; to: string };
}

/** "vandaag om 14:00", "morgen om 19:30", else the date in words. */
function when(at: string): string {
  const now = new Date();
  if (isSameBrusselsDay(at, now)) return `vandaag om ${formatTime(at)}`;
  if (isSameBrusselsDay(at, new Date(now.getTime() + 86_400_000))) return `morgen om ${formatTime(at)}`;
  return formatDateAt(at);
}

function seatsLeft(n: number): string {
  return n === 0 ? "volzet" : n === 1 ? "nog 1 plaats vrij" : `nog ${n} plaatsen vrij`;
}

function eventPage(item: TodayItem): string {
  return item.event_kind === "zelfbeeld" ? "/admin/zelfbeeld-events" : "/admin/tickets";
}

/** What a line says and where its action leads: the one place per kind. */
function line(item: TodayItem): Line {
  const details = (...parts: (string | null | undefined)[]) => parts.filter((p): p is string => !!p);
  switch (item.kind) {
    case "intro_call":
      return {
        icon: CalendarClock,
        what: `Kennismakingsgesprek met ${item.title}`,
        details: details(when(item.at), item.call_mode ? callModeLabel(item.call_mode) : null),
        action: { label: "Naar de afspraak", to: "/admin/afspraken" },
      };
    case "event":
      return {
        icon: Ticket,
        what: item.title,
        details: details(
          item.event_kind ? eventKindLabel(item.event_kind) : null,
          when(item.at),
          item.seats_left != null ? seatsLeft(item.seats_left) : null,
        ),
        action: { label: "Gastenlijst", to: eventPage(item) },
      };
    case "message":
      return {
        icon: Inbox,
        what: `Ongelezen bericht van ${item.title}`,
        details: details(item.detail, `ontvangen ${when(item.at)}`),
        action: { label: "Lezen", to: "/admin/berichten" },
      };
    case "order":
      return {
        icon: item.refund_needed ? CircleAlert : ShoppingBag,
        what: item.refund_needed ? `Terug te betalen: bestelling van ${item.title}` : `Betaling mislukt: bestelling van ${item.title}`,
        details: details(item.detail, `besteld ${when(item.at)}`),
        action: { label: item.refund_needed ? "Terugbetalen" : "Bestelling bekijken", to: `/admin/orders?bestelling=${item.id}` },
      };
    case "mail":
      return {
        icon: MailWarning,
        what: `Mail niet bezorgd aan ${item.title}`,
        details: details(item.detail ? `“${item.detail}”` : null, `verstuurd ${when(item.at)}`),
        action: { label: "Persoon bekijken", to: `/admin/personen?email=${encodeURIComponent(item.email ?? item.title)}` },
      };
    case "waitlist_offer":
      return {
        icon: UserRoundCheck,
        what: `Plaats aangeboden aan ${item.title}`,
        details: details(item.detail, `aanbod loopt tot ${when(item.at)}`),
        action: { label: "Wachtlijst bekijken", to: eventPage(item) },
      };
  }
}

/** The first thing on the dashboard: what needs her, oldest first, each line with its action. */
export function TodayList() {
  const { data, isPending, isError, error, refetch } = useToday();
  return (
    <section className={cardClass} aria-labelledby="wat-wacht">
      <h2 id="wat-wacht" className="text-xl">
        Wat op je wacht
      </h2>
      {isPending ? (
        <LoadingBlock label="Vandaag laden..." />
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : data.items.length === 0 ? (
        <p className="mt-3 text-ink-soft">
          Niets dat op je wacht: geen ongelezen berichten, geen afspraken of avonden vandaag of morgen, alle
          bestellingen en mails in orde.
        </p>
      ) : (
        <ul aria-labelledby="wat-wacht" className="mt-4 divide-y divide-sand">
          {data.items.map((item) => {
            const l = line(item);
            return (
              <li key={`${item.kind}-${item.id}`} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
                <div className="flex min-w-0 items-start gap-3">
                  <l.icon aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-teal" />
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">{l.what}</p>
                    <p className="text-sm text-ink-soft">{l.details.join(" · ")}</p>
                  </div>
                </div>
                <Link to={l.action.to} className={adminButton("secondary", "sm")}>
                  {l.action.label}
                  <span className="sr-only">: {l.what}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
