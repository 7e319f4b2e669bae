import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/components/form/form-errors";
import { adminButton } from "@/components/admin/styles";

export function LoadingBlock({ label = "Laden..." }: { label?: string }) {
  return <Spinner label={label} className="py-12" />;
}

/** A failed load, with the reason and a retry button. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-800/30 bg-red-50 p-5 text-ink">
      <p className="font-semibold">Dit kon niet geladen worden.</p>
      <p className="mt-1 text-ink-soft">{errorMessage(error)}</p>
      <button type="button" onClick={onRetry} className={adminButton("secondary", "sm", "mt-3")}>
        Opnieuw proberen
      </button>
    </div>
  );
}
