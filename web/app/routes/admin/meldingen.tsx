import { NotificationsAdmin } from "@/features/notifications/components/notifications-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Meldingen", path: "/admin/meldingen", noindex: true });
}

export default function AdminMeldingen() {
  return <NotificationsAdmin />;
}
