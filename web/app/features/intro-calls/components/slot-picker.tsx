import { Later, type LaterBlock } from "@/components/ui/block";
import { useId } from "react";
import type { SlotDay } from "@/lib/api-types";
import { formatDate } from "@/lib/format";

interface SlotPickerProps {
  days: SlotDay[];
  day: string | null;
  slot: string | null;
  onDayChange: (date: string) => void;
  onSlotChange: (startsAt: string) => void;
}

const option =
  "block cursor-pointer rounded-xl border border-sand bg-paper px-4 py-3 text-center text-ink hover:border-teal peer-checked:border-teal peer-checked:bg-teal peer-checked:text-white peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold";

/**
 * Two groups of native radio buttons, first the day, then the hour: arrow keys move within a
 * group, Tab goes to the next, and screen readers announce "3 van 8" like any radio group.
 */
/** Its words (shown once the free moments loaded; the booking form registers them). */
export const slotPickerTexts = {
  day: { name: "gratis-kennismakingsgesprek.form.day", text: "1. Kies een dag" },
  hour: { name: "gratis-kennismakingsgesprek.form.hour", text: "2. Kies een uur" },
  hourOn: { name: "gratis-kennismakingsgesprek.form.hour-on", text: "2. Kies een uur op" },
  timezone: { name: "gratis-kennismakingsgesprek.form.timezone", text: "Alle uren zijn in Belgische tijd." },
  dayFirst: { name: "gratis-kennismakingsgesprek.form.day-first", text: "Kies eerst een dag." },
} satisfies Record<string, LaterBlock>;

export function SlotPicker({ days, day, slot, onDayChange, onSlotChange }: SlotPickerProps) {
  const id = useId();
  const selected = days.find((d) => d.date === day) ?? null;
  return (
    <div className="grid gap-8">
      <fieldset>
        <legend className="text-xl font-semibold text-ink">
          <Later block={slotPickerTexts.day} />
        </legend>
        <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {days.map((d) => {
            const [weekday, ...rest] = formatDate(d.slots[0]!.starts_at).split(" ");
            return (
              <div key={d.date}>
                <input
                  type="radio"
                  id={`${id}-dag-${d.date}`}
                  name={`${id}-dag`}
                  value={d.date}
                  checked={day === d.date}
                  onChange={() => onDayChange(d.date)}
                  className="peer sr-only"
                />
                <label htmlFor={`${id}-dag-${d.date}`} className={option}>
                  <span data-from="agenda" className="block font-semibold capitalize">
                    {weekday}
                  </span>
                  <span data-from="agenda" className="block text-sm">
                    {rest.join(" ")}
                  </span>
                </label>
              </div>
            );
          })}
        </div>
      </fieldset>
      {/* Step 2 is always there, so the steps read 1, 2, 3, 4 before a day is picked too. */}
      {selected ? (
        <fieldset>
          <legend className="text-xl font-semibold text-ink">
            <Later block={slotPickerTexts.hourOn} /> <span data-from="agenda">{formatDate(selected.slots[0]!.starts_at)}</span>
          </legend>
          <div className="mt-4 grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {selected.slots.map((s) => (
              <div key={s.starts_at}>
                <input
                  type="radio"
                  id={`${id}-uur-${s.starts_at}`}
                  name={`${id}-uur`}
                  value={s.starts_at}
                  checked={slot === s.starts_at}
                  onChange={() => onSlotChange(s.starts_at)}
                  className="peer sr-only"
                />
                <label htmlFor={`${id}-uur-${s.starts_at}`} className={option}>
                  <span data-from="agenda">{s.local_time}</span>
                </label>
              </div>
            ))}
          </div>
          <Later block={slotPickerTexts.timezone} as="p" className="mt-3 block text-sm text-ink-soft" />
        </fieldset>
      ) : (
        <fieldset>
          <legend className="text-xl font-semibold text-ink">
            <Later block={slotPickerTexts.hour} />
          </legend>
          <Later block={slotPickerTexts.dayFirst} as="p" className="mt-3 block text-sm text-ink-soft" />
        </fieldset>
      )}
    </div>
  );
}
