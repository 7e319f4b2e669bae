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

let beforeFirstToast: (() => void) | undefined;

/** For a page without the app's root (islands, see islands/boot.tsx): puts the Toaster in the page at the first toast. */
export function onFirstToast(mountToaster: () => void) {
  beforeFirstToast = mountToaster;
}

function show(kind: "success" | "error") {
  return (...args: ToastArgs) => {
    beforeFirstToast?.();
    beforeFirstToast = undefined;
    void loadSonner().then(({ toast }) => toast[kind](...args));
  };
}

export const toast = { success: show("success"), error: show("error") };

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
