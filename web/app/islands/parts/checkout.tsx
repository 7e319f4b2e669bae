import { CheckoutFlow } from "@/islands/checkout";
import { withQueries } from "@/islands/queries";

export default withQueries(CheckoutFlow);
