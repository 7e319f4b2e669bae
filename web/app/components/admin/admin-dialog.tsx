import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";

interface AdminDialogProps {
  open: boolean;
  title: string;
  /** Called when the dialog should close (Escape, the close button, a cancel button). */
  onClose: () => void;
  children: ReactNode;
  /** "alert" for confirmations: announced as an alert dialog. */
  role?: "dialog" | "alertdialog";
  size?: "sm" | "lg";
}

/**
 * A modal built on the native <dialog>: the browser keeps focus inside, makes the page
 * behind it inert and closes it on Escape. Focus returns to whatever opened it.
 */
export function AdminDialog({ open, title, onClose, children, role = "dialog", size = "lg" }: AdminDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Give focus back to the button that opened the dialog (if it still exists).
  useEffect(() => {
    if (open) return;
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => dialog.removeEventListener("cancel", onCancel);
  }, []);

  const width = size === "sm" ? "max-w-md" : "max-w-2xl";
  return (
    <dialog
      ref={ref}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-2xl border border-sand bg-paper p-0 text-ink shadow-xl backdrop:bg-ink/50`}
    >
      {open ? (
        <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-sand px-5 py-4 sm:px-6">
            <h2 id={titleId} className="text-2xl">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="-mr-2 rounded-lg p-2 text-ink-soft hover:bg-cream-deep hover:text-ink"
            >
              <X aria-hidden="true" className="h-5 w-5" />
              <span className="sr-only">Sluiten</span>
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
