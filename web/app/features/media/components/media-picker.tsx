import { SelectField } from "@/components/form/field";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { useMedia } from "@/features/media/api/list-media";

/** The most photos a picker lists (newest first); the library page has them all. */
const PICKER_SIZE = 100;

export interface MediaPickerProps {
  label: string;
  /** The chosen photo's id, or null for none. */
  value: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  hint?: string;
}

/** Choose a photo from the media library (by its alt text), with a preview of the choice. */
export function MediaPicker({ label, value, onChange, error, hint }: MediaPickerProps) {
  const media = useMedia({ q: "", page: 1, perPage: PICKER_SIZE });
  const items = media.data?.items ?? [];
  const chosen = items.find((item) => item.image.id === value)?.image;
  return (
    <div>
      <SelectField
        label={label}
        optional
        error={error}
        hint={hint ?? "Nieuwe foto's laad je op in Beheer > Media."}
        value={value === null ? "" : String(value)}
        onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
      >
        <option value="">Geen foto</option>
        {items.map(({ image }) => (
          <option key={image.id} value={image.id}>
            {image.alt}
          </option>
        ))}
      </SelectField>
      {chosen ? (
        <div className="mt-2 h-16 w-16 overflow-hidden rounded-full border border-sand">
          <ResponsiveImage image={chosen} sizes="64px" alt={`Gekozen foto: ${chosen.alt}`} className="h-full w-full object-cover" />
        </div>
      ) : null}
    </div>
  );
}
