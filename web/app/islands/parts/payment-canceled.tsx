import { PaymentCanceled } from "@/features/checkout/components/payment-status";
import { withQueries } from "@/islands/queries";

export default withQueries(PaymentCanceled);
