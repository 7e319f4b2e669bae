import { Trash2, X } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/admin/badge";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { PageHeader } from "@/components/admin/page-header";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { adminButton, cardClass } from "@/components/admin/styles";
import { errorMessage } from "@/components/form/form-errors";
import { useAccounts, useRemoveAdmin, useRevokeInvitation } from "@/features/auth/api/accounts";
import { InviteForm } from "@/features/auth/components/invite-form";
import { PasskeysSection } from "@/features/auth/components/passkeys-section";
import type { AdminAccount, PendingInvitation } from "@/lib/api-types";
import { formatDate, formatDateTime } from "@/lib/format";

/** Beheer > Accounts: who may manage the site, inviting one more, revoking an open invitation,
 *  removing one (never the last; the invitations she sent end with her). */
export function AccountsAdmin() {
  const accounts = useAccounts();
  const remove = useRemoveAdmin();
  const revoke = useRevokeInvitation();
  const [removing, setRemoving] = useState<AdminAccount | null>(null);
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);
  const { data } = accounts;
  const onlyOne = (data?.admins.length ?? 0) <= 1;

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success("Beheerder verwijderd", { description: `${removing.email} kan niet meer aanmelden.` });
      setRemoving(null);
    } catch (e) {
      toast.error("Verwijderen lukte niet", { description: errorMessage(e) });
    }
  }

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success("Uitnodiging ingetrokken", { description: `De link voor ${revoking.email} werkt niet meer.` });
      setRevoking(null);
    } catch (e) {
      toast.error("Intrekken lukte niet", { description: errorMessage(e) });
    }
  }

  return (
    <>
      <PageHeader
        title="Accounts"
        intro={<p>Wie het beheer mag gebruiken. Nodig iemand uit per e-mail; die kiest dan zelf een wachtwoord.</p>}
      />
      <section aria-labelledby="admins-heading" className={`${cardClass} mt-8`}>
        <h2 id="admins-heading" className="text-2xl">
          Beheerders
        </h2>
        {accounts.isPending ? (
          <LoadingBlock label="Accounts laden..." />
        ) : accounts.isError || !data ? (
          <LoadError error={accounts.error} onRetry={() => void accounts.refetch()} />
        ) : (
          <ul className="mt-4 divide-y divide-sand">
            {data.admins.map((admin) => (
              <li key={admin.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold break-all text-ink">
                    {admin.email} {admin.is_you ? <Badge tone="teal">Jij</Badge> : null}
                  </p>
                  <p className="text-sm text-ink-soft">Sinds {formatDate(admin.created_at)}</p>
                </div>
                {admin.is_you || onlyOne ? null : (
                  <button type="button" onClick={() => setRemoving(admin)} className={adminButton("danger-quiet", "sm")}>
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    Verwijderen<span className="sr-only"> {admin.email}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {data && data.invitations.length > 0 ? (
          <>
            <h3 className="mt-6 text-xl">Openstaande uitnodigingen</h3>
            <ul className="mt-2 divide-y divide-sand">
              {data.invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div>
                    <p className="break-all text-ink">{invitation.email}</p>
                    <p className="text-sm text-ink-soft">De link werkt tot {formatDateTime(invitation.expires_at)}</p>
                  </div>
                  <button type="button" onClick={() => setRevoking(invitation)} className={adminButton("danger-quiet", "sm")}>
                    <X aria-hidden="true" className="h-4 w-4" />
                    Intrekken<span className="sr-only"> uitnodiging voor {invitation.email}</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <section aria-labelledby="invite-heading" className={`${cardClass} mt-8`}>
        <h2 id="invite-heading" className="text-2xl">
          Iemand uitnodigen
        </h2>
        <p className="mt-2 mb-4 text-ink-soft">Die persoon krijgt een e-mail met een link om een wachtwoord te kiezen.</p>
        <InviteForm />
      </section>
      <PasskeysSection />
      <ConfirmDialog
        open={removing !== null}
        title="Beheerder verwijderen?"
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {removing?.email} kan daarna niet meer aanmelden; wie nu aangemeld is, wordt meteen afgemeld. De
          uitnodigingen die deze beheerder verstuurde, werken dan ook niet meer.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={revoking !== null}
        title="Uitnodiging intrekken?"
        confirmLabel="Intrekken"
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      >
        <p>De link in de uitnodiging voor {revoking?.email} werkt daarna niet meer. Je kan later opnieuw uitnodigen.</p>
      </ConfirmDialog>
    </>
  );
}
