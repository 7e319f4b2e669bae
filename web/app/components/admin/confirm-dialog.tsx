import { useState, type ReactNode } from "react";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { adminButton } from "@/components/admin/styles";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Runs the action; the dialog shows 'Bezig...' meanwhile. The caller closes it. */
  onConfirm: () => Promise<unknown> | void;
  onCancel: () => void;
}

/** "Are you sure?" before anything is deleted. The safe choice (cancel) has the focus first. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = "Verwijderen",
  cancelLabel = "Annuleren",
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminDialog open={open} title={title} onClose={busy ? () => {} : onCancel} role="alertdialog" size="sm">
      <div className="text-ink-soft">{children}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- an alert dialog opens on its least destructive action (WAI-ARIA APG) */}
        <button type="button" autoFocus onClick={onCancel} disabled={busy} className={adminButton("quiet")}>
          {cancelLabel}
        </button>
        <button type="button" onClick={confirm} disabled={busy} className={adminButton("danger")}>
          {busy ? "Bezig..." : confirmLabel}
        </button>
      </div>
    </AdminDialog>
  );
}
