import { Link, NavLink, Outlet } from "react-router";
import { SkipLink } from "@/components/layout/skip-link";
import { site } from "@/config/site";

const sections = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/tickets", label: "Tickets" },
  { to: "/admin/zelfbeeld-events", label: "Zelfbeeld-events" },
  { to: "/admin/coupons", label: "Coupons" },
  { to: "/admin/drempel-videos", label: "Drempelvideo's" },
];

/** Client-rendered admin area; never loaded by public pages. */
export default function AdminLayout() {
  return (
    <>
      <SkipLink />
      <header className="border-b border-sand bg-paper">
        <div className="container-page flex flex-wrap items-center justify-between gap-4 py-4">
          <Link to="/admin" className="font-serif text-xl font-semibold text-ink no-underline">
            {site.brand} · Beheer
          </Link>
          <nav aria-label="Beheermenu">
            <ul className="flex flex-wrap gap-1 text-sm">
              {sections.map((s) => (
                <li key={s.to}>
                  <NavLink
                    to={s.to}
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-2 no-underline ${isActive ? "bg-teal-soft font-semibold text-teal" : "text-ink hover:bg-cream-deep"}`
                    }
                  >
                    {s.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="container-page flex-1 py-12 focus:outline-none">
        <Outlet />
      </main>
    </>
  );
}
