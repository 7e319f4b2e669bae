import { Outlet } from "react-router";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SkipLink } from "@/components/layout/skip-link";
import { Island } from "@/islands/island";
import { LaterBlocks } from "@/components/ui/block";
import { loadErrorText } from "@/components/ui/load-status";
import { videoUnavailableText } from "@/components/ui/video-embed";
import { leaveEmailTexts } from "@/features/newsletter/components/leave-email";

/** Texts several pages show only after an API answer: known to the catalogue from every page. */
const sharedLater = [loadErrorText, videoUnavailableText, ...Object.values(leaveEmailTexts)];

/** Chrome of every public page: skip link, header, main landmark, footer. */
export default function PublicLayout() {
  return (
    <>
      <SkipLink />
      <Island name="site-header" component={SiteHeader} props={{}} hydrateWhen="used" />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <LaterBlocks blocks={sharedLater} />
    </>
  );
}
