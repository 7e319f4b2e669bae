import { Plus, Trash2 } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { FieldError, InputField } from "@/components/form/field";
import { FormAlert } from "@/components/form/form-alert";
import { PageHeader } from "@/components/admin/page-header";
import { LoadError, LoadingBlock } from "@/components/admin/query-status";
import { adminButton, cardClass } from "@/components/admin/styles";
import { useForm } from "@/components/form/use-form";
import { useAvailability, useSaveAvailability } from "@/features/intro-calls/api/availability";
import {
  availabilityToForm,
  formToAvailability,
  validateAvailability,
  type AvailabilityField,
  type AvailabilityValues,
} from "@/features/intro-calls/lib/availability-form";
import { WEEKDAYS } from "@/lib/call-labels";
import type { AvailabilityForm } from "@/lib/api-types";

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function AvailabilityEditor({ saved }: { saved: AvailabilityForm }) {
  const save = useSaveAvailability();
  const { values, set, field, errors, formError, formRef, submitting, onSubmit } = useForm<AvailabilityValues, AvailabilityField>({
    initial: () => availabilityToForm(saved),
    validate: validateAvailability,
    async submit(v) {
      await save.mutateAsync(formToAvailability(v));
      toast.success("Beschikbaarheid opgeslagen", { description: "Bezoekers zien meteen de nieuwe vrije momenten." });
    },
  });

  const number = (key: "slot_minutes" | "buffer_minutes" | "min_notice_hours" | "weeks_ahead") => ({
    ...field(key),
    type: "number",
    inputMode: "numeric" as const,
  });
  const setRule = (index: number, change: Partial<AvailabilityValues["rules"][number]>) =>
    set(
      "rules",
      values.rules.map((r, i) => (i === index ? { ...r, ...change } : r)),
    );
  const setBlocked = (index: number, change: Partial<AvailabilityValues["blocked"][number]>) =>
    set(
      "blocked",
      values.blocked.map((b, i) => (i === index ? { ...b, ...change } : b)),
    );

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="mt-8 grid gap-8">
      <FormAlert message={formError} />
      <section className={cardClass} aria-labelledby="instellingen">
        <h2 id="instellingen" className="text-xl">
          Instellingen
        </h2>
        <div className="mt-4 grid gap-5 sm:grid-cols-2">
          <InputField label="Lengte van een gesprek (minuten)" {...number("slot_minutes")} min={10} max={240} />
          <InputField
            label="Pauze tussen gesprekken (minuten)"
            {...number("buffer_minutes")}
            hint="Vrij voor en na elk geboekt gesprek."
            min={0}
            max={240}
          />
          <InputField label="Minstens zoveel uur vooraf boeken" {...number("min_notice_hours")} min={0} max={720} />
          <InputField label="Zoveel weken vooruit boekbaar" {...number("weeks_ahead")} min={1} max={52} />
        </div>
      </section>

      <section className={cardClass} aria-labelledby="weekschema">
        <h2 id="weekschema" className="text-xl">
          Weekschema
        </h2>
        <p className="mt-1 text-ink-soft">De uren waarop bezoekers een gesprek kunnen kiezen, in Belgische tijd.</p>
        {errors.rules ? <FieldError>{errors.rules}</FieldError> : null}
        <ul className="mt-4 divide-y divide-sand">
          {WEEKDAYS.map((day, d) => {
            const weekday = d + 1;
            const ranges = values.rules.map((r, i) => ({ r, i })).filter(({ r }) => r.weekday === weekday);
            return (
              <li key={day} className="py-4">
                <h3 className="text-lg">{capital(day)}</h3>
                {ranges.length === 0 ? <p className="text-sm text-ink-soft">Geen gesprekken.</p> : null}
                {ranges.map(({ r, i }, n) => (
                  <div
                    key={i}
                    role="group"
                    aria-label={`${capital(day)}, blok ${n + 1}`}
                    className="mt-2 flex flex-wrap items-end gap-3"
                  >
                    <InputField
                      label="Van"
                      type="time"
                      value={r.start}
                      onChange={(e) => setRule(i, { start: e.target.value })}
                      className="w-36"
                    />
                    <InputField
                      label="Tot"
                      type="time"
                      value={r.end}
                      onChange={(e) => setRule(i, { end: e.target.value })}
                      className="w-36"
                    />
                    <button
                      type="button"
                      onClick={() =>
                        set(
                          "rules",
                          values.rules.filter((_, j) => j !== i),
                        )
                      }
                      className={adminButton("danger-quiet", "sm")}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                      Verwijderen
                      <span className="sr-only">
                        {" "}
                        ({day}, blok {n + 1})
                      </span>
                    </button>
                  </div>
                ))}
                <button
                  type="button"
                  onClick={() => set("rules", [...values.rules, { weekday, start: "09:00", end: "12:00" }])}
                  className={adminButton("quiet", "sm", "mt-3")}
                >
                  <Plus aria-hidden="true" className="h-4 w-4" />
                  Tijdsblok toevoegen<span className="sr-only"> op {day}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <section className={cardClass} aria-labelledby="geblokkeerd">
        <h2 id="geblokkeerd" className="text-xl">
          Geblokkeerde dagen
        </h2>
        <p className="mt-1 text-ink-soft">
          Vakanties en andere dagen zonder gesprekken. Geboekte gesprekken blijven staan.
        </p>
        {errors.blocked ? <FieldError>{errors.blocked}</FieldError> : null}
        <ul className="mt-2">
          {values.blocked.map((b, i) => (
            <li
              key={i}
              className="mt-3 flex flex-wrap items-end gap-3"
              role="group"
              aria-label={`Geblokkeerde periode ${i + 1}`}
            >
              <InputField
                label="Van"
                type="date"
                value={b.first_day}
                onChange={(e) => setBlocked(i, { first_day: e.target.value })}
              />
              <InputField
                label="Tot en met"
                type="date"
                value={b.last_day}
                onChange={(e) => setBlocked(i, { last_day: e.target.value })}
              />
              <InputField
                label="Omschrijving"
                type="text"
                maxLength={120}
                value={b.note}
                onChange={(e) => setBlocked(i, { note: e.target.value })}
                className="grow"
              />
              <button
                type="button"
                onClick={() =>
                  set(
                    "blocked",
                    values.blocked.filter((_, j) => j !== i),
                  )
                }
                className={adminButton("danger-quiet", "sm")}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Verwijderen<span className="sr-only"> (periode {i + 1})</span>
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={() => set("blocked", [...values.blocked, { first_day: "", last_day: "", note: "" }])}
          className={adminButton("quiet", "sm", "mt-4")}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Periode toevoegen
        </button>
      </section>

      <div className="flex justify-end">
        <button type="submit" disabled={submitting} className={adminButton("primary")}>
          {submitting ? "Bezig..." : "Beschikbaarheid opslaan"}
        </button>
      </div>
    </form>
  );
}

/** /admin/beschikbaarheid: when visitors can book a free intro call. */
export function AvailabilityAdmin() {
  const { data, isPending, isError, error, refetch } = useAvailability();
  return (
    <>
      <PageHeader
        title="Beschikbaarheid"
        intro={<p>Wanneer bezoekers een gratis kennismakingsgesprek kunnen boeken. Wijzigingen gelden meteen.</p>}
      />
      {isPending ? (
        <LoadingBlock label="Beschikbaarheid laden..." />
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <AvailabilityEditor saved={data} />
      )}
    </>
  );
}
