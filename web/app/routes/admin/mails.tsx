import { MailTextsAdmin } from "@/features/mail-texts/components/mail-texts-admin";
import { UndeliveredMailsNotice } from "@/features/today/components/undelivered-mails-notice";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Mails", path: "/admin/mails", noindex: true });
}

export default function AdminMails() {
  return <MailTextsAdmin notice={<UndeliveredMailsNotice />} />;
}
