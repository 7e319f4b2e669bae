import { BookingForm } from "@/features/intro-calls/components/booking-form";
import { withQueries } from "@/islands/queries";

export default withQueries(BookingForm);
