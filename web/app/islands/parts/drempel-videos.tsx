import { DrempelVideoList } from "@/features/drempel-videos/components/drempel-video-list";
import { withQueries } from "@/islands/queries";

export default withQueries(DrempelVideoList);
