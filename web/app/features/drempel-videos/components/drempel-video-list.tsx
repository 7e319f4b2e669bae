import { Block, Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { Link } from "react-router";
import { useDrempelVideos } from "@/features/drempel-videos/api/get-drempel-videos";
import { VideoEmbed } from "@/components/ui/video-embed";

/** What the list says once the API answered. */
const texts = {
  error: {
    name: "voor-jezelf.videos.error",
    text: "De video’s konden nu niet geladen worden. Probeer het straks opnieuw.",
  },
  empty: {
    name: "voor-jezelf.videos.empty",
    text: (
      <>
        Er staan hier nog geen video’s klaar, maar ze komen eraan. Wil je het weten zodra de eerste online staat?{" "}
        <Link to="/#nieuwsbrief" className="text-link">
          Schrijf je in op de nieuwsbrief
        </Link>
        .
      </>
    ),
  },
} satisfies Record<string, LaterBlock>;

/** The published threshold videos on /voor-jezelf, in the coach's order (loaded in the browser). */
function VideoList() {
  const { data, isPending, isError } = useDrempelVideos();

  if (isPending) {
    return (
      <p role="status" className="text-ink-soft">
        <Block name="shared.loading">Laden...</Block>
      </p>
    );
  }
  if (isError) {
    return (
      <Later block={texts.error} as="p" role="alert" className="block rounded-2xl border border-sand bg-paper p-6 text-ink-soft" />
    );
  }
  if (data.videos.length === 0) {
    return (
      <div className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
        <Later block={texts.empty} as="p" />
      </div>
    );
  }
  return (
    <ol aria-label="Drempelvideo’s" className="grid gap-10 lg:grid-cols-2">
      {data.videos.map((video) => (
        <li key={video.id}>
          <article className="flex h-full flex-col rounded-2xl border border-sand bg-paper p-5 shadow-sm sm:p-6">
            <h3 data-from="video" className="text-2xl">
              {video.title}
            </h3>
            {video.description ? (
              <p data-from="video" className="mt-2 whitespace-pre-line text-ink-soft">
                {video.description}
              </p>
            ) : null}
            <VideoEmbed url={video.video_url} title={video.title} className="mt-5" />
          </article>
        </li>
      ))}
    </ol>
  );
}

/** The published threshold videos, with the list's later texts known to the page (hidden). */
export function DrempelVideoList() {
  return (
    <>
      <LaterBlocks blocks={Object.values(texts)} />
      <VideoList />
    </>
  );
}
