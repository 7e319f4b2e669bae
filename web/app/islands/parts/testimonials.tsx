import { Testimonials } from "@/features/reviews/components/testimonials";
import { withQueries } from "@/islands/queries";

export default withQueries(Testimonials);
