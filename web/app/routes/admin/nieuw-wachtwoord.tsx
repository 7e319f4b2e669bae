import { LinkPasswordPage } from "@/features/auth/components/link-password-page";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Nieuw wachtwoord", path: "/admin/nieuw-wachtwoord", noindex: true });
}

export function HydrateFallback() {
  return null;
}

export default function AdminNewPassword() {
  return <LinkPasswordPage kind="reset" />;
}
