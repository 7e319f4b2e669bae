import { Link } from "react-router";
import { adminButton } from "@/components/admin/styles";
import { PasskeysSection } from "@/features/auth/components/passkeys-section";
import { DEFAULT_ADMIN_PATH } from "@/lib/session";
import { pageMeta } from "@/lib/seo";

export function meta() {
  return pageMeta({ title: "Beheer — Nieuwe passkey", path: "/admin/nieuwe-passkey", noindex: true });
}

/** After a reset link on an account that requires a passkey: add a new one now (or later). */
export default function AdminNewPasskey() {
  return (
    <>
      <PasskeysSection headingLevel={1} />
      <p className="mt-6">
        <Link to={DEFAULT_ADMIN_PATH} className={adminButton("quiet", "md")}>
          Later, naar het dashboard
        </Link>
      </p>
    </>
  );
}
