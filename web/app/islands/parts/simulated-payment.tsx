import { SimulatedPayment } from "@/features/checkout/components/simulated-payment";
import { withQueries } from "@/islands/queries";

export default withQueries(SimulatedPayment);
