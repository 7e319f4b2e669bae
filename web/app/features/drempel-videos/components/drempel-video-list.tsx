import { Link } from "react-router";
import { useDrempelVideos } from "@/features/drempel-videos/api/get-drempel-videos";
import { VideoEmbed } from "@/components/ui/video-embed";

/** The published threshold videos on /voor-jezelf, in the coach's order (loaded in the browser). */
export function DrempelVideoList() {
  const { data, isPending, isError } = useDrempelVideos();

  if (isPending) {
    return (
      <p role="status" className="text-ink-soft">
        Laden...
      </p>
    );
  }
  if (isError) {
    return (
      <p role="alert" className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
        De video’s konden nu niet geladen worden. Probeer het straks opnieuw.
      </p>
    );
  }
  if (data.videos.length === 0) {
    return (
      <div className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
        <p>
          Er staan hier nog geen video’s klaar, maar ze komen eraan. Wil je het weten zodra de eerste online staat?{" "}
          <Link to="/#nieuwsbrief" className="text-link">
            Schrijf je in op de nieuwsbrief
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <ol aria-label="Drempelvideo’s" className="grid gap-10 lg:grid-cols-2">
      {data.videos.map((video) => (
        <li key={video.id}>
          <article className="flex h-full flex-col rounded-2xl border border-sand bg-paper p-5 shadow-sm sm:p-6">
            <h3 className="text-2xl">{video.title}</h3>
            {video.description ? <p className="mt-2 whitespace-pre-line text-ink-soft">{video.description}</p> : null}
            <VideoEmbed url={video.video_url} title={video.title} className="mt-5" />
          </article>
        </li>
      ))}
    </ol>
  );
}
