import { lazy, Suspense } from "react";
import type { toast as sonnerToast } from "sonner";
import { useHydrated } from "@/lib/use-hydrated";

/**
 * Toasts, with sonner loaded only once the page has hydrated: its ~10 KiB are not needed for the
 * first paint, and a toast always follows something the visitor did. A toast asked for before sonner
 * has loaded shows once it has (sonner keeps toasts made before its Toaster listens).
 */
const loadSonner = () => import("sonner");

type ToastArgs = Parameters<typeof sonnerToast.success>;

export const toast = {
  success: (...args: ToastArgs) => void loadSonner().then(({ toast }) => toast.success(...args)),
  error: (...args: ToastArgs) => void loadSonner().then(({ toast }) => toast.error(...args)),
};

const SonnerToaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

/** Where toasts appear; rendered after hydration, so the prerendered HTML has none of it. */
export function Toaster() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        richColors
        position="top-center"
        closeButton
        containerAriaLabel="Meldingen"
        toastOptions={{ closeButtonAriaLabel: "Melding sluiten" }}
      />
    </Suspense>
  );
}
