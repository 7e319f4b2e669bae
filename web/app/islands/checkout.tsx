// The checkout as an island (DESIGN §13): the form waits for the query string (product, date,
// quantity), which only the browser knows, so the built page holds its words (hidden, for Pagina's)
// and a spinner, and the island renders the form once it runs. Also rendered this way inside the app.
import { CheckoutLaterBlocks, CheckoutPage } from "@/features/checkout/components/checkout-page";
import { LeaveEmail } from "@/features/newsletter/components/leave-email";
import { EventsLoading } from "@/components/ui/load-status";
import { useHydrated } from "@/lib/use-hydrated";

export function CheckoutFlow() {
  const hydrated = useHydrated();
  return hydrated ? (
    <CheckoutPage leaveEmail={(message) => <LeaveEmail>{message}</LeaveEmail>} />
  ) : (
    <>
      <CheckoutLaterBlocks />
      <EventsLoading />
    </>
  );
}
