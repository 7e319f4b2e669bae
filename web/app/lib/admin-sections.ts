// The admin area's pages: the navigation and the dashboard's link cards use this one list.
import {
  BellRing,
  CalendarClock,
  CalendarDays,
  Clapperboard,
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
  TicketPercent,
  Ticket,
  UserSearch,
  Users,
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
    description:
      "Een overzicht van omzet, tickets, nieuwsbrief, reviews en komende data.",
    icon: LayoutDashboard,
  },
  {
    to: "/admin/reviews",
    label: "Reviews",
    description: "Ervaringen van klanten toevoegen, aanpassen of verwijderen.",
    icon: MessageSquareQuote,
  },
  {
    to: "/admin/media",
    label: "Media",
    description: "Foto’s opladen met een alt-tekst, kiezen voor portret, startpagina en delen, en opruimen.",
    icon: Image,
  },
  {
    to: "/admin/tickets",
    label: "Tickets",
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
    to: "/admin/coupons",
    label: "Coupons",
    description:
      "Kortingscodes aanmaken en opvolgen hoe vaak ze gebruikt worden.",
    icon: TicketPercent,
  },
  {
    to: "/admin/orders",
    label: "Bestellingen",
    description:
      "Alle bestellingen met hun betaling en geschiedenis; terugbetalen.",
    icon: ShoppingBag,
  },
  {
    to: "/admin/facturen",
    label: "Facturen",
    description:
      "Facturen en creditnota’s met totalen per maand en kwartaal; een periode downloaden voor de boekhouder.",
    icon: FileText,
  },
  {
    to: "/admin/drempel-videos",
    label: "Drempelvideo's",
    description:
      "De gratis video’s op ‘Voor jezelf’: toevoegen, volgorde en publiceren.",
    icon: Clapperboard,
  },
  {
    to: "/admin/nieuwsbrief",
    label: "Nieuwsbrief",
    description:
      "Wie er ingeschreven is, de lijst downloaden als CSV, of iemand verwijderen.",
    icon: Mail,
  },
  {
    to: "/admin/personen",
    label: "Personen",
    description:
      "Alles over één persoon opzoeken, downloaden bij een vraag om inzage, of wissen (GDPR).",
    icon: UserSearch,
  },
  {
    to: "/admin/beschikbaarheid",
    label: "Beschikbaarheid",
    description:
      "Wanneer bezoekers een gratis kennismakingsgesprek kunnen boeken.",
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
    description:
      "Berichten van het contactformulier lezen, archiveren en beantwoorden.",
    icon: Inbox,
  },
  {
    to: "/admin/meldingen",
    label: "Meldingen",
    description:
      "Hoe je hoort van bestellingen en boekingen, je agendalink en de link voor videogesprekken.",
    icon: BellRing,
  },
  {
    to: "/admin/paginas",
    label: "Pagina's",
    description: "De teksten van je pagina's en hun titel en beschrijving in zoekmachines: aanpassen, bekijken en een vorige versie terugzetten.",
    icon: FilePen,
  },
  {
    to: "/admin/mails",
    label: "Mails",
    description: "De teksten van de mails die bezoekers krijgen: aanpassen, bekijken en een test naar jezelf sturen.",
    icon: MailPen,
  },
  {
    to: "/admin/instellingen",
    label: "Instellingen",
    description:
      "Je zakelijke gegevens: naam, contact, adres, ondernemingsnummer en links.",
    icon: Settings,
  },
  {
    to: "/admin/accounts",
    label: "Accounts",
    description:
      "Wie het beheer mag gebruiken: iemand uitnodigen of verwijderen.",
    icon: Users,
  },
];
