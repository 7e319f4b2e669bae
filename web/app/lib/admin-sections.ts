// The admin area's pages, grouped by what the coach does (not by table): the menu, and the
// dashboard's link cards, use this one list. Every page keeps its own path.
import {
  BellRing,
  CalendarClock,
  CalendarDays,
  Clapperboard,
  ClipboardCheck,
  Clock,
  FilePen,
  FileText,
  Image,
  Inbox,
  LayoutDashboard,
  Mail,
  MailPen,
  MessageSquareQuote,
  Settings,
  ShoppingBag,
  Footprints,
  TicketPercent,
  Ticket,
  UserSearch,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { WaitingCounts } from "@/lib/api-types";

export interface AdminSection {
  to: string;
  label: string;
  description: string;
  icon: LucideIcon;
  /** The count of what waits there, shown as a badge on its menu item. */
  waiting?: keyof WaitingCounts;
}

export interface AdminGroup {
  label: string;
  sections: AdminSection[];
}

/** The dashboard: what needs her today, then the figures. First in the menu, on its own. */
export const todaySection: AdminSection = {
  to: "/admin/dashboard",
  label: "Vandaag",
  description: "Wat vandaag op je wacht, en de cijfers: omzet, nieuwsbrief en reviews.",
  icon: LayoutDashboard,
};

export const adminGroups: AdminGroup[] = [
  {
    label: "Verkoop",
    sections: [
      {
        to: "/admin/bezoekers",
        label: "Bezoekers",
        description:
          "Hoeveel mensen je site bezoeken, waar ze vandaan komen, en het pad van bezoek over zelftest tot klant.",
        icon: Footprints,
      },
      {
        to: "/admin/orders",
        label: "Bestellingen",
        description:
          "Alle bestellingen met hun betaling en geschiedenis; terugbetalen.",
        icon: ShoppingBag,
        waiting: "attention_orders",
      },
      {
        to: "/admin/facturen",
        label: "Facturen",
        description:
          "Facturen en creditnota’s met totalen per maand en kwartaal; een periode downloaden voor de boekhouder.",
        icon: FileText,
      },
      {
        to: "/admin/coupons",
        label: "Coupons",
        description:
          "Kortingscodes aanmaken en opvolgen hoe vaak ze gebruikt worden.",
        icon: TicketPercent,
      },
    ],
  },
  {
    label: "Agenda",
    sections: [
      {
        to: "/admin/tickets",
        label: "Vertelavonden en webinars",
        description:
          "Vertelavonden en webinars plannen, tickets opvolgen en gasten inchecken.",
        icon: Ticket,
      },
      {
        to: "/admin/zelfbeeld-events",
        label: "Zelfbeeld-events",
        description:
          "De data van De Zelfbeeld-Ommekeer plannen en de boekingen bekijken.",
        icon: CalendarDays,
      },
      {
        to: "/admin/afspraken",
        label: "Afspraken",
        description: "De geboekte kennismakingsgesprekken bekijken of annuleren.",
        icon: CalendarClock,
      },
      {
        to: "/admin/beschikbaarheid",
        label: "Beschikbaarheid",
        description:
          "Wanneer bezoekers een gratis kennismakingsgesprek kunnen boeken.",
        icon: Clock,
      },
    ],
  },
  {
    label: "Mensen",
    sections: [
      {
        to: "/admin/personen",
        label: "Personen",
        description:
          "Alles over één persoon opzoeken, downloaden bij een vraag om inzage, of wissen (GDPR).",
        icon: UserSearch,
      },
      {
        to: "/admin/berichten",
        label: "Berichten",
        description:
          "Berichten van het contactformulier lezen, archiveren en beantwoorden.",
        icon: Inbox,
        waiting: "unread_messages",
      },
      {
        to: "/admin/nieuwsbrief",
        label: "Nieuwsbrief",
        description:
          "Wie er ingeschreven is, de lijst downloaden als CSV, of iemand verwijderen.",
        icon: Mail,
      },
      {
        to: "/admin/reviews",
        label: "Reviews",
        description: "Ervaringen van klanten toevoegen, aanpassen of verwijderen.",
        icon: MessageSquareQuote,
      },
    ],
  },
  {
    label: "Site",
    sections: [
      {
        to: "/admin/paginas",
        label: "Pagina's",
        description: "De teksten van je pagina's en hun titel en beschrijving in zoekmachines: aanpassen, bekijken en een vorige versie terugzetten.",
        icon: FilePen,
      },
      {
        to: "/admin/media",
        label: "Media",
        description: "Foto’s opladen met een alt-tekst, kiezen voor portret, startpagina en delen, en opruimen.",
        icon: Image,
      },
      {
        to: "/admin/zelftest",
        label: "Zelftest",
        description:
          "Je eigen zelftest: vragen, thema’s en profielen met de volgende stap; bekijken als bezoeker en publiceren.",
        icon: ClipboardCheck,
      },
      {
        to: "/admin/drempel-videos",
        label: "Drempelvideo's",
        description:
          "De gratis video’s op ‘Voor jezelf’: toevoegen, volgorde en publiceren.",
        icon: Clapperboard,
      },
      {
        to: "/admin/mails",
        label: "Mails",
        description: "De teksten van de mails die bezoekers krijgen: aanpassen, bekijken en een test naar jezelf sturen.",
        icon: MailPen,
        waiting: "undelivered_mails",
      },
    ],
  },
  {
    label: "Instellingen",
    sections: [
      {
        to: "/admin/instellingen",
        label: "Gegevens",
        description:
          "Je zakelijke gegevens: naam, contact, adres, ondernemingsnummer en links.",
        icon: Settings,
      },
      {
        to: "/admin/meldingen",
        label: "Meldingen",
        description:
          "Hoe je hoort van bestellingen en boekingen, je agendalink en de link voor videogesprekken.",
        icon: BellRing,
      },
      {
        to: "/admin/accounts",
        label: "Accounts",
        description:
          "Wie het beheer mag gebruiken: iemand uitnodigen of verwijderen.",
        icon: Users,
      },
    ],
  },
];

/** Every page of the menu, in its order. */
export const adminSections: AdminSection[] = [todaySection, ...adminGroups.flatMap((g) => g.sections)];
