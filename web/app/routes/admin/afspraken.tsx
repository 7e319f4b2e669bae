import { IntroCallsAdmin } from "@/features/intro-calls/components/intro-calls-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Afspraken", path: "/admin/afspraken", noindex: true });
}

export default function AdminAfspraken() {
  return <IntroCallsAdmin />;
}
