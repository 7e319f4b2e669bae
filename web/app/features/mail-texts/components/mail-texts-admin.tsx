import type { ReactNode } from "react";
import { ArrowLeft } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Badge } from "@/components/admin/badge";
import { PageHeader } from "@/components/admin/page-header";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { adminButton, cardClass } from "@/components/admin/styles";
import { useMailText } from "@/features/mail-texts/api/get-mail-text";
import { useMailTexts } from "@/features/mail-texts/api/list-mail-texts";
import { MailTextEditor } from "@/features/mail-texts/components/mail-text-editor";
import type { MailKind } from "@/lib/api-types";
import { formatDateAt } from "@/lib/format";

/**
 * Beheer > Mails: the list of mail types, or the editor of the one in `?soort=`. `notice`
 * stands under the list's header (mails that could not be delivered).
 */
export function MailTextsAdmin({ notice }: { notice?: ReactNode }) {
  const [params] = useSearchParams();
  const kind = params.get("soort");
  return kind ? <MailTextPage kind={kind as MailKind} /> : <MailTextList notice={notice} />;
}

function MailTextList({ notice }: { notice?: ReactNode }) {
  const mails = useMailTexts();
  return (
    <>
      <PageHeader
        title="Mails"
        intro="De mails die bezoekers van je site krijgen. Pas de tekst aan in je eigen woorden; bestelgegevens, codes, links en bijlagen voegt de site er vanzelf aan toe."
      />
      {notice}
      <div className="mt-8">
        {mails.isPending ? (
          <LoadingBlock />
        ) : mails.isError ? (
          <LoadError error={mails.error} onRetry={() => void mails.refetch()} />
        ) : (
          <ul className="grid gap-3">
            {mails.data.map((mail) => (
              <li key={mail.kind} className={`${cardClass} flex flex-wrap items-start justify-between gap-3`}>
                <div className="max-w-2xl">
                  <h2 className="text-lg">
                    <Link to={`?soort=${mail.kind}`} className="text-teal-dark underline-offset-4 hover:underline">
                      {mail.label}
                    </Link>
                  </h2>
                  <p className="mt-1 text-ink-soft">{mail.description}</p>
                </div>
                {mail.customised && mail.updated_at ? (
                  <Badge tone="teal" wrap>Aangepast op {formatDateAt(mail.updated_at)}</Badge>
                ) : (
                  <Badge>Standaardtekst</Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function MailTextPage({ kind }: { kind: MailKind }) {
  const mail = useMailText(kind);
  return (
    <div className="grid gap-6">
      <div>
        <Link to="/admin/mails" className={adminButton("quiet", "sm")}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Alle mails
        </Link>
      </div>
      {mail.isPending ? (
        <LoadingBlock />
      ) : mail.isError ? (
        <LoadError error={mail.error} onRetry={() => void mail.refetch()} />
      ) : (
        <>
          <PageHeader title={mail.data.label} intro={mail.data.description} />
          {/* A restore or a save starts the form again from what is stored. */}
          <MailTextEditor key={`${mail.data.kind}-${mail.data.updated_at ?? "standaard"}`} mail={mail.data} />
        </>
      )}
    </div>
  );
}
