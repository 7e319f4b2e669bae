import { SelfTestResultFromLink } from "@/features/selftest/components/result-from-link";
import { withQueries } from "@/islands/queries";

export default withQueries(SelfTestResultFromLink);
