import { ManageCall } from "@/features/intro-calls/components/manage-call";
import { withQueries } from "@/islands/queries";

export default withQueries(ManageCall);
