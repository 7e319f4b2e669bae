import { Offer } from "@/islands/offers";
import { withQueries } from "@/islands/queries";

export default withQueries(Offer);
