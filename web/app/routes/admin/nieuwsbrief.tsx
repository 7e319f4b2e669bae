import { SubscribersAdmin } from "@/features/newsletter/components/subscribers-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Nieuwsbrief", path: "/admin/nieuwsbrief", noindex: true });
}

export default function AdminNewsletter() {
  return <SubscribersAdmin />;
}
