import {
  type RouteConfig,
  index,
  layout,
  route,
} from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("wees-eerlijk", "routes/wees-eerlijk.tsx"),
    route("wees-eerlijk/zelftest", "routes/zelftest.tsx"),
    route("wees-eerlijk/zelftest/resultaat", "routes/zelftest-resultaat.tsx"),
    route("wees-eerlijk/zelftest/bevestigen", "routes/zelftest-bevestigen.tsx"),
    route("begrijp-jezelf", "routes/begrijp-jezelf.tsx"),
    route("voor-jezelf", "routes/voor-jezelf.tsx"),
    route("begrijp-jezelf/spiegelgevecht", "routes/spiegelgevecht.tsx"),
    route("begrijp-jezelf/vertelavond", "routes/vertelavond.tsx", {
      id: "vertelavond",
    }),
    route("vertelavond", "routes/vertelavond.tsx", { id: "vertelavond-alias" }),
    route("transformeer", "routes/transformeer.tsx"),
    route("transformeer/zelfbeeld-ommekeer", "routes/zelfbeeld-ommekeer.tsx"),
    route("transformeer/webinar-reeks", "routes/webinar-reeks.tsx", {
      id: "webinar-reeks",
    }),
    route("webinar-reeks", "routes/webinar-reeks.tsx", {
      id: "webinar-reeks-alias",
    }),
    route("over-mij", "routes/over-mij.tsx"),
    route("contact", "routes/contact.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("payment-success", "routes/payment-success.tsx"),
    route("payment-canceled", "routes/payment-canceled.tsx"),
    route("gratis-kennismakingsgesprek", "routes/kennismakingsgesprek.tsx", {
      id: "kennismakingsgesprek",
    }),
    route("booking", "routes/kennismakingsgesprek.tsx", {
      id: "kennismakingsgesprek-alias",
    }),
    route(
      "zelfbeeld-ommekeer-booking",
      "routes/zelfbeeld-ommekeer-booking.tsx",
    ),
    route(
      "product-zelfbeeld-ommekeer",
      "routes/product-zelfbeeld-ommekeer.tsx",
    ),
    route("privacy", "routes/privacy.tsx"),
    route("algemene-voorwaarden", "routes/algemene-voorwaarden.tsx"),
    // The frame the server makes the archive from (its words are blocks); see the route's file.
    route("nieuwsbrief/archief", "routes/nieuwsbrief-archief.tsx"),
    route("nieuwsbrief/bevestigen", "routes/nieuwsbrief-bevestigen.tsx"),
    route("nieuwsbrief/uitschrijven", "routes/nieuwsbrief-uitschrijven.tsx"),
    route("testmail/ontvangen", "routes/testmail-ontvangen.tsx"),
    route("ervaring-delen", "routes/ervaring-delen.tsx"),
    route("betalen/simulatie", "routes/betalen-simulatie.tsx"),
    route("afspraak", "routes/afspraak.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  // The admin area: client-rendered, never loaded by public pages. The login page has its
  // own simple shell; every other page sits behind the guarded layout.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/wachtwoord-vergeten", "routes/admin/wachtwoord-vergeten.tsx"),
  route("admin/nieuw-wachtwoord", "routes/admin/nieuw-wachtwoord.tsx"),
  route("admin/uitnodiging", "routes/admin/uitnodiging.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/dashboard.tsx", {
      id: "admin-dashboard-index",
    }),
    route("admin/dashboard", "routes/admin/dashboard.tsx", {
      id: "admin-dashboard",
    }),
    route("admin/bezoekers", "routes/admin/bezoekers.tsx"),
    route("admin/reviews", "routes/admin/reviews.tsx"),
    route("admin/media", "routes/admin/media.tsx"),
    route("admin/tickets", "routes/admin/tickets.tsx"),
    route("admin/zelfbeeld-events", "routes/admin/zelfbeeld-events.tsx"),
    route("admin/coupons", "routes/admin/coupons.tsx"),
    route("admin/zelftest", "routes/admin/zelftest.tsx"),
    route("admin/orders", "routes/admin/orders.tsx"),
    route("admin/facturen", "routes/admin/facturen.tsx"),
    route("admin/drempel-videos", "routes/admin/drempel-videos.tsx"),
    route("admin/nieuwsbrief", "routes/admin/nieuwsbrief.tsx"),
    route("admin/personen", "routes/admin/personen.tsx"),
    route("admin/beschikbaarheid", "routes/admin/beschikbaarheid.tsx"),
    route("admin/afspraken", "routes/admin/afspraken.tsx"),
    route("admin/berichten", "routes/admin/berichten.tsx"),
    route("admin/meldingen", "routes/admin/meldingen.tsx"),
    route("admin/mails", "routes/admin/mails.tsx"),
    route("admin/paginas", "routes/admin/paginas.tsx"),
    route("admin/instellingen", "routes/admin/instellingen.tsx"),
    route("admin/accounts", "routes/admin/accounts.tsx"),
    route("admin/nieuwe-passkey", "routes/admin/nieuwe-passkey.tsx"),
  ]),
] satisfies RouteConfig;
