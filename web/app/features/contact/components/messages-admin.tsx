import { Archive, Inbox, Mail, MailOpen, Reply, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { EmailAddress } from "@/components/ui/email-address";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { AdminTabs } from "@/components/admin/admin-tabs";
import { Badge } from "@/components/admin/badge";
import { ConfirmDialog } from "@/components/admin/confirm-dialog";
import { PageHeader } from "@/components/admin/page-header";
import { RowButton } from "@/components/admin/row-button";
import { DataList, useListState, type Column } from "@/components/admin/data-list";
import { errorMessage } from "@/components/form/form-errors";
import { adminButton } from "@/components/admin/styles";
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
  const list = useListState({ perPage: PER_PAGE });
  const messages = useAdminMessages({ folder, page: list.page, perPage: PER_PAGE, q: "" });
  return (
    <DataList
      list={list}
      query={messages}
      layout="cards"
      label={folder === "inbox" ? "Berichten in de inbox, ongelezen eerst" : "Gearchiveerde berichten"}
      pagingLabel={folder === "inbox" ? "de inbox" : "het archief"}
      loadingLabel="Berichten laden..."
      empty={folder === "inbox" ? "Je inbox is leeg." : "Er zijn geen gearchiveerde berichten."}
      columns={columns}
      actions={(m) => (
        <>
          <RowButton icon={MailOpen} label="Lezen" row={`bericht van ${m.name}`} onClick={() => onOpen(m)} />
          <RowButton icon={Trash2} label="Verwijderen" row={`bericht van ${m.name}`} variant="danger-quiet" onClick={() => onDelete(m)} />
        </>
      )}
    />
  );
}

const columns: Column<ContactMessage>[] = [
  {
    header: "Bericht",
    cell: (m) => (
      <>
        <p className={m.status === "unread" ? "font-semibold text-ink" : "text-ink"}>
          {m.name} · {m.subject_label}
        </p>
        <p className="text-sm text-ink-soft">
          {formatDateTime(m.created_at)} · <EmailAddress email={m.email} />
        </p>
        <p className="mt-1 line-clamp-2 text-ink-soft">{m.message}</p>
      </>
    ),
  },
  {
    header: "Status",
    cell: (m) =>
      m.status === "unread" ? (
        <Badge tone="gold">Ongelezen</Badge>
      ) : m.status === "read" ? (
        <Badge>Gelezen</Badge>
      ) : (
        <Badge>Gearchiveerd</Badge>
      ),
  },
];

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
                <dd className="inline">
                  <EmailAddress email={open.email} />
                </dd>
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
