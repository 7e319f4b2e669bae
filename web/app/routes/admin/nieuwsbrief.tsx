import { useSearchParams } from "react-router";
import { AdminTabs } from "@/components/admin/admin-tabs";
import { PageHeader } from "@/components/admin/page-header";
import { CampaignsAdmin } from "@/features/campaigns/components/campaigns-admin";
import { photoMarkdown } from "@/features/campaigns/lib/photo-markdown";
import { PhotoInsertPicker } from "@/features/media/components/photo-insert-picker";
import { SubscribersAdmin } from "@/features/newsletter/components/subscribers-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Nieuwsbrief", path: "/admin/nieuwsbrief", noindex: true });
}

const tabs = [
  { value: "abonnees", label: "Abonnees" },
  { value: "nieuwsbrieven", label: "Nieuwsbrieven" },
] as const;

type Tab = (typeof tabs)[number]["value"];

export default function AdminNewsletter() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "nieuwsbrieven" ? "nieuwsbrieven" : "abonnees";
  return (
    <>
      <PageHeader title="Nieuwsbrief" />
      <AdminTabs label="Nieuwsbrief" tabs={[...tabs]} value={tab} onChange={(t) => setParams(t === "abonnees" ? {} : { tab: t })}>
        {tab === "abonnees" ? (
          <SubscribersAdmin />
        ) : (
          <CampaignsAdmin insertPhoto={(insert) => <PhotoInsertPicker onPick={(image) => insert(photoMarkdown(image))} />} />
        )}
      </AdminTabs>
    </>
  );
}
