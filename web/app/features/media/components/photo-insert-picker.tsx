import { ImagePlus } from "lucide-react";
import { useState } from "react";
import { AdminDialog } from "@/components/admin/admin-dialog";
import { adminButton } from "@/components/admin/styles";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { useMedia } from "@/features/media/api/list-media";
import type { MediaImage } from "@/lib/api-types";

/** The most photos the picker shows (newest first); the library page has them all. */
const PICKER_SIZE = 60;

/** "Foto invoegen": a button that opens the media library as a grid; the chosen photo goes to `onPick`. */
export function PhotoInsertPicker({ onPick }: { onPick: (image: MediaImage) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={adminButton("quiet", "sm")}>
        <ImagePlus aria-hidden="true" className="h-4 w-4" />
        Foto invoegen
      </button>
      <AdminDialog open={open} title="Foto invoegen" onClose={() => setOpen(false)}>
        {open ? (
          <PhotoGrid
            onPick={(image) => {
              onPick(image);
              setOpen(false);
            }}
          />
        ) : null}
      </AdminDialog>
    </>
  );
}

function PhotoGrid({ onPick }: { onPick: (image: MediaImage) => void }) {
  const media = useMedia({ q: "", page: 1, perPage: PICKER_SIZE });
  if (media.isPending) return <p className="text-ink-soft">Foto's laden...</p>;
  if (media.isError) return <p className="text-red-800">De foto's laden lukte niet. Probeer het opnieuw.</p>;
  const items = media.data.items;
  if (items.length === 0) {
    return (
      <p className="text-ink-soft">
        Je mediabibliotheek is nog leeg. Laad eerst een foto op in{" "}
        <a href="/admin/media" className="underline">
          Beheer &gt; Media
        </a>
        .
      </p>
    );
  }
  return (
    <>
      <p className="mb-4 text-ink-soft">Kies een foto. Ze komt in de tekst waar je cursor stond, met haar alt-tekst.</p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {items.map(({ image }) => (
          <li key={image.id}>
            <button
              type="button"
              onClick={() => onPick(image)}
              className="grid w-full gap-1 rounded-xl border border-sand bg-paper p-2 text-left text-sm hover:border-teal"
            >
              <span className="block aspect-square overflow-hidden rounded-lg bg-cream-deep">
                <ResponsiveImage image={image} sizes="200px" alt="" className="h-full w-full object-cover" />
              </span>
              <span className="line-clamp-2 wrap-break-word">{image.alt}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
