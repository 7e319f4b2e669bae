// The admin area's pages: the navigation and the dashboard's link cards use this one list.
import {
  CalendarClock,
  CalendarDays,
  Clapperboard,
  Clock,
  Inbox,
  LayoutDashboard,
  Mail,
  MessageSquareQuote,
  ShoppingBag,
  TicketPercent,
  Ticket,
  type LucideIcon,
} from "lucide-react";

export interface AdminSection {
  to: string;
  label: string;
  description: string;
  icon: LucideIcon;
}

export const adminSections: AdminSection[] = [
  {
    to: "/admin/dashboard",
    label: "Dashboard",
    description: "Een overzicht van omzet, tickets, nieuwsbrief, reviews en komende data.",
    icon: LayoutDashboard,
  },
  {
    to: "/admin/reviews",
    label: "Reviews",
    description: "Ervaringen van klanten toevoegen, aanpassen of verwijderen.",
    icon: MessageSquareQuote,
  },
  {
    to: "/admin/tickets",
    label: "Tickets",
    description: "Vertelavonden en webinars plannen, tickets opvolgen en gasten inchecken.",
    icon: Ticket,
  },
  {
    to: "/admin/zelfbeeld-events",
    label: "Zelfbeeld-events",
    description: "De data van De Zelfbeeld-Ommekeer plannen en de boekingen bekijken.",
    icon: CalendarDays,
  },
  {
    to: "/admin/coupons",
    label: "Coupons",
    description: "Kortingscodes aanmaken en opvolgen hoe vaak ze gebruikt worden.",
    icon: TicketPercent,
  },
  {
    to: "/admin/orders",
    label: "Bestellingen",
    description: "Alle bestellingen met hun betaling en geschiedenis; terugbetalen.",
    icon: ShoppingBag,
  },
  {
    to: "/admin/drempel-videos",
    label: "Drempelvideo's",
    description: "De gratis video’s op ‘Voor jezelf’: toevoegen, volgorde en publiceren.",
    icon: Clapperboard,
  },
  {
    to: "/admin/nieuwsbrief",
    label: "Nieuwsbrief",
    description: "Wie er ingeschreven is, en de lijst downloaden als CSV.",
    icon: Mail,
  },
  {
    to: "/admin/beschikbaarheid",
    label: "Beschikbaarheid",
    description: "Wanneer bezoekers een gratis kennismakingsgesprek kunnen boeken.",
    icon: Clock,
  },
  {
    to: "/admin/afspraken",
    label: "Afspraken",
    description: "De geboekte kennismakingsgesprekken bekijken of annuleren.",
    icon: CalendarClock,
  },
  {
    to: "/admin/berichten",
    label: "Berichten",
    description: "Berichten van het contactformulier lezen, archiveren en beantwoorden.",
    icon: Inbox,
  },
];
