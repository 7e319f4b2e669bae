import { LogoCard } from "@/features/media/components/logo-card";
import { SettingsAdmin } from "@/features/settings/components/settings-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({
    title: "Beheer — Instellingen",
    path: "/admin/instellingen",
    noindex: true,
  });
}

export default function AdminInstellingen() {
  return <SettingsAdmin logo={<LogoCard />} />;
}
