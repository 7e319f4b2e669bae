import { SelfTestPublic } from "@/features/selftest/components/selftest-public";
import { withQueries } from "@/islands/queries";

export default withQueries(SelfTestPublic);
