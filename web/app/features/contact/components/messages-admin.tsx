import { Archive, Inbox, Mail, MailOpen, Reply, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { AdminDialog } from "@/features/admin/components/admin-dialog";
import { AdminTabs } from "@/features/admin/components/admin-tabs";
import { Badge } from "@/features/admin/components/badge";
import { ConfirmDialog } from "@/features/admin/components/confirm-dialog";
import { PageHeader } from "@/features/admin/components/page-header";
import { Pagination } from "@/features/admin/components/pagination";
import { LoadError, LoadingBlock } from "@/features/admin/components/query-status";
import { errorMessage } from "@/features/admin/lib/form-errors";
import { pageCount } from "@/features/admin/lib/pages";
import { adminButton } from "@/features/admin/lib/styles";
import { useAdminMessages, useDeleteMessage, useSetMessageStatus } from "@/features/contact/api/admin-messages";
import type { ContactMessage, Folder, MessageStatus } from "@/lib/api-types";
import { formatDateTime } from "@/lib/format";

const PER_PAGE = 20;

/** A mailto link with the subject filled in, so the coach answers from her own mail program. */
export function replyHref(m: Pick<ContactMessage, "email" | "subject_label">): string {
  return `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject_label}`)}`;
}

function MessageList({
  folder,
  onOpen,
  onDelete,
}: {
  folder: Folder;
  onOpen: (m: ContactMessage) => void;
  onDelete: (m: ContactMessage) => void;
}) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error, refetch } = useAdminMessages({ folder, page, perPage: PER_PAGE, q: "" });

  useEffect(() => {
    if (data && data.items.length === 0 && page > 1) setPage(pageCount(data.total, PER_PAGE));
  }, [data, page]);

  if (isPending) return <LoadingBlock label="Berichten laden..." />;
  if (isError) return <LoadError error={error} onRetry={() => void refetch()} />;
  if (data.items.length === 0) {
    return (
      <p className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
        {folder === "inbox" ? "Je inbox is leeg." : "Er zijn geen gearchiveerde berichten."}
      </p>
    );
  }
  return (
    <>
      <ul className="divide-y divide-sand rounded-2xl border border-sand bg-paper">
        {data.items.map((m) => (
          <li key={m.id} className="flex flex-wrap items-start justify-between gap-4 p-4">
            <div className="min-w-0 max-w-2xl">
              <p className={m.status === "unread" ? "font-semibold text-ink" : "text-ink"}>
                {m.name} · {m.subject_label}
              </p>
              <p className="text-sm text-ink-soft">
                {formatDateTime(m.created_at)} · {m.email}
              </p>
              <p className="mt-1 line-clamp-2 text-ink-soft">{m.message}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {m.status === "unread" ? (
                <Badge tone="gold">Ongelezen</Badge>
              ) : m.status === "read" ? (
                <Badge>Gelezen</Badge>
              ) : (
                <Badge>Gearchiveerd</Badge>
              )}
              <button type="button" onClick={() => onOpen(m)} className={adminButton("secondary", "sm")}>
                <MailOpen aria-hidden="true" className="h-4 w-4" />
                Lezen<span className="sr-only"> (bericht van {m.name})</span>
              </button>
              <button type="button" onClick={() => onDelete(m)} className={adminButton("danger-quiet", "sm")}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Verwijderen<span className="sr-only"> (bericht van {m.name})</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        total={data.total}
        perPage={PER_PAGE}
        onPageChange={setPage}
        label={folder === "inbox" ? "de inbox" : "het archief"}
      />
    </>
  );
}

/** /admin/berichten: the contact messages, unread first in the inbox; read, archive, reply, delete. */
export function MessagesAdmin() {
  const [folder, setFolder] = useState<Folder>("inbox");
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const [deleting, setDeleting] = useState<ContactMessage | null>(null);
  const setStatus = useSetMessageStatus();
  const remove = useDeleteMessage();

  async function mark(m: ContactMessage, status: MessageStatus, done?: string) {
    try {
      const updated = await setStatus.mutateAsync({ id: m.id, status });
      setOpen((current) => (current?.id === m.id ? updated : current));
      if (done) toast.success(done);
    } catch (e) {
      toast.error("Dat lukte niet", { description: errorMessage(e) });
    }
  }

  function read(m: ContactMessage) {
    setOpen(m);
    if (m.status === "unread") void mark(m, "read");
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success("Bericht verwijderd", { description: `Het bericht van ${deleting.name} is verwijderd.` });
      if (open?.id === deleting.id) setOpen(null);
    } catch (e) {
      toast.error("Verwijderen lukte niet", { description: errorMessage(e) });
    }
    setDeleting(null);
  }

  return (
    <>
      <PageHeader
        title="Berichten"
        intro={<p>Wat bezoekers je via het contactformulier stuurden. Antwoorden doe je met je eigen mailprogramma.</p>}
      />
      <AdminTabs
        label="Welke berichten"
        tabs={[
          { value: "inbox", label: "Inbox" },
          { value: "archived", label: "Archief" },
        ]}
        value={folder}
        onChange={setFolder}
      >
        <MessageList key={folder} folder={folder} onOpen={read} onDelete={setDeleting} />
      </AdminTabs>

      <AdminDialog
        open={open !== null}
        title={open ? `Bericht van ${open.name}` : "Bericht"}
        onClose={() => setOpen(null)}
      >
        {open ? (
          <div className="grid gap-4">
            <dl className="grid gap-1 text-sm">
              <div>
                <dt className="inline font-semibold">Onderwerp: </dt>
                <dd className="inline">{open.subject_label}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">Ontvangen: </dt>
                <dd className="inline">{formatDateTime(open.created_at)}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">E-mail: </dt>
                <dd className="inline">{open.email}</dd>
              </div>
              {open.phone ? (
                <div>
                  <dt className="inline font-semibold">Telefoon: </dt>
                  <dd className="inline">{open.phone}</dd>
                </div>
              ) : null}
            </dl>
            <p className="whitespace-pre-wrap rounded-xl bg-cream-deep p-4 text-ink">{open.message}</p>
            <div className="flex flex-wrap gap-3">
              <a href={replyHref(open)} className={adminButton("primary", "sm")}>
                <Reply aria-hidden="true" className="h-4 w-4" />
                Beantwoorden per e-mail
              </a>
              {open.status === "archived" ? (
                <button
                  type="button"
                  onClick={() => void mark(open, "read", "Terug in de inbox")}
                  className={adminButton("secondary", "sm")}
                >
                  <Inbox aria-hidden="true" className="h-4 w-4" />
                  Terug naar de inbox
                </button>
              ) : (
                <>
                  <button
                    type="button"
                    onClick={() => void mark(open, "archived", "Bericht gearchiveerd")}
                    className={adminButton("secondary", "sm")}
                  >
                    <Archive aria-hidden="true" className="h-4 w-4" />
                    Archiveren
                  </button>
                  <button
                    type="button"
                    onClick={() => void mark(open, "unread", "Gemarkeerd als ongelezen")}
                    className={adminButton("quiet", "sm")}
                  >
                    <Mail aria-hidden="true" className="h-4 w-4" />
                    Markeren als ongelezen
                  </button>
                </>
              )}
            </div>
          </div>
        ) : null}
      </AdminDialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Bericht verwijderen?"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Wil je het bericht van <strong className="text-ink">{deleting?.name}</strong> echt verwijderen? Dit kan je
          niet ongedaan maken.
        </p>
      </ConfirmDialog>
    </>
  );
}
