import { LinkPasswordPage } from "@/features/auth/components/link-password-page";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Uitnodiging", path: "/admin/uitnodiging", noindex: true });
}

export function HydrateFallback() {
  return null;
}

export default function AdminInvitation() {
  return <LinkPasswordPage kind="invitation" />;
}
