import { AccountsAdmin } from "@/features/auth/components/accounts-admin";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Accounts", path: "/admin/accounts", noindex: true });
}

export default function AdminAccounts() {
  return <AccountsAdmin />;
}
