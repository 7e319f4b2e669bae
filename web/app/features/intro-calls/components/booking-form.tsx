import { Later, LaterBlocks, type LaterBlock } from "@/components/ui/block";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "@/components/ui/toast";
import { InputField, TextareaField } from "@/components/form/field";
import { serverMessage } from "@/components/form/form-errors";
import { toastLine } from "@/components/form/client-messages";
import { useForm } from "@/components/form/use-form";
import { buttonClasses } from "@/components/ui/button-link";
import { Spinner } from "@/components/ui/spinner";
import { Live } from "@/components/ui/live";
import { bookCall } from "@/features/intro-calls/api/book-call";
import {
  slotsQueryOptions,
  useSlots,
} from "@/features/intro-calls/api/get-slots";
import { SlotPicker, slotPickerTexts } from "@/features/intro-calls/components/slot-picker";
import { CALL_MODES, callModeLabel } from "@/lib/call-labels";
import { ApiError } from "@/lib/api";
import type { BookingResponse, CallMode } from "@/lib/api-types";
import { formatDateAt } from "@/lib/format";

const P = "gratis-kennismakingsgesprek.form";

/** The form's words: all shown once the free moments loaded, so registered with `<LaterBlocks>`. */
const texts = {
  doneTitle: { name: `${P}.done.title`, text: "Je gesprek is geboekt!" },
  doneWhen: { name: `${P}.done.when`, text: "We spreken af op" },
  doneText: {
    name: `${P}.done.text`,
    text: "Je krijgt zo een bevestiging per e-mail, met een uitnodiging voor je agenda en links om het gesprek te verplaatsen of te annuleren.",
  },
  loadError: {
    name: `${P}.load-error`,
    text: (
      <>
        De vrije momenten konden nu niet geladen worden. Probeer het later opnieuw, of{" "}
        <Link to="/contact" className="text-link">
          neem contact op
        </Link>
        .
      </>
    ),
  },
  none: {
    name: `${P}.none`,
    text: (
      <>
        Er zijn de komende weken geen vrije momenten meer. Laat via het{" "}
        <Link to="/contact" className="text-link">
          contactformulier
        </Link>{" "}
        weten wanneer het jou past, dan zoeken we samen een moment.
      </>
    ),
  },
  how: { name: `${P}.how`, text: "3. Hoe wil je het gesprek?" },
  details: { name: `${P}.details`, text: "4. Je gegevens" },
  name: { name: `${P}.name`, text: "Naam" },
  email: { name: `${P}.email`, text: "E-mailadres" },
  phone: { name: `${P}.phone`, text: "Telefoonnummer" },
  question: { name: `${P}.question`, text: "Wil je al iets vertellen of vragen?" },
  busy: { name: "shared.form.busy", text: "Bezig...", label: true },
  button: { name: `${P}.button`, text: "Gesprek boeken", label: true },
  booked: { name: `${P}.done.toast`, text: "Gesprek geboekt!" },
  noSlot: { name: `${P}.no-slot`, text: "Kies eerst een dag en een uur." },
  error: { name: "shared.form.error", text: "Er is iets misgegaan" },
  errorText: { name: "shared.form.error-text", text: "Probeer het later opnieuw." },
  chosen: { name: `${P}.chosen`, text: "Gekozen:" },
  notChosen: { name: `${P}.not-chosen`, text: "Je hebt nog geen moment gekozen." },
  privacy: {
    name: `${P}.privacy`,
    text: (
      <>
        Lees hoe we met je gegevens omgaan in onze{" "}
        <Link to="/privacy" className="text-link">
          privacyverklaring
        </Link>
        .
      </>
    ),
  },
} satisfies Record<string, LaterBlock>;

/** Each way to meet: its name and a line about it. */
const modeTexts: Record<CallMode, { label: LaterBlock; hint: LaterBlock }> = {
  phone: {
    label: { name: `${P}.mode.phone`, text: "Telefonisch" },
    hint: { name: `${P}.mode.phone-hint`, text: "We bellen je op het afgesproken moment." },
  },
  video: {
    label: { name: `${P}.mode.video`, text: "Via video" },
    hint: { name: `${P}.mode.video-hint`, text: "Je krijgt vooraf een link voor het videogesprek." },
  },
  in_person: {
    label: {
      name: `${P}.mode.in-person`,
      text: (
        <>
          In <Live field="city" />
        </>
      ),
    },
    hint: {
      name: `${P}.mode.in-person-hint`,
      text: (
        <>
          In de praktijk, <Live field="street" />, <Live field="postalCode" /> <Live field="city" />.
        </>
      ),
    },
  },
};

interface BookingValues {
  mode: CallMode;
  name: string;
  email: string;
  phone: string;
  question: string;
}

/** Pick a free slot, say how and who, and book: idle → 'Bezig...' → the confirmation. */
export function BookingForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useSlots();
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [booked, setBooked] = useState<BookingResponse | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const { values, set, field, formRef, submitting, onSubmit } =
    useForm<BookingValues>({
      initial: () => ({
        mode: "phone",
        name: "",
        email: "",
        phone: "",
        question: "",
      }),
      async submit(v) {
        if (!slot) {
          toast.error(<Later block={texts.error} />, { description: <Later block={texts.noSlot} /> });
          return;
        }
        const result = await bookCall({
          starts_at: slot,
          mode: v.mode,
          name: v.name.trim(),
          email: v.email.trim(),
          phone: v.phone.trim() || null,
          question: v.question.trim() || null,
        });
        setBooked(result);
        toast.success(<Later block={texts.booked} />, {
          description: <span data-from="agenda">{formatDateAt(result.starts_at)}</span>,
        });
        void queryClient.invalidateQueries({
          queryKey: slotsQueryOptions.queryKey,
        });
        requestAnimationFrame(() => doneRef.current?.focus());
      },
      onError(error) {
        toast.error(<Later block={texts.error} />, { description: toastLine(texts.errorText, serverMessage(error)) });
        if (error instanceof ApiError && error.status === 409) {
          // Someone else was faster: show the slots as they are now.
          setSlot(null);
          void queryClient.invalidateQueries({
            queryKey: slotsQueryOptions.queryKey,
          });
        }
      },
    });
  const { mode } = values;
  return (
    <>
      <LaterBlocks
        blocks={[
          ...Object.values(texts),
          ...Object.values(slotPickerTexts),
          ...Object.values(modeTexts).flatMap((m) => [m.label, m.hint]),
        ]}
      />
      {booked ? (
        <div className="max-w-2xl rounded-2xl border border-teal/40 bg-teal-soft p-6" role="status">
          <h3 ref={doneRef} tabIndex={-1} className="text-2xl">
            <Later block={texts.doneTitle} />
          </h3>
          <p className="mt-2 text-lg text-ink">
            <Later block={texts.doneWhen} />{" "}
            <strong data-from="agenda">{formatDateAt(booked.starts_at)}</strong> (
            <span data-from="agenda">{callModeLabel(booked.mode).toLowerCase()}</span>
            ).
          </p>
          <Later block={texts.doneText} as="p" className="mt-2 block text-ink-soft" />
        </div>
      ) : isPending ? (
        <Spinner label="Vrije momenten laden..." className="py-10" />
      ) : isError ? (
        <Later block={texts.loadError} as="p" role="alert" className="block rounded-2xl border border-sand bg-paper p-6 text-ink-soft" />
      ) : data.days.length === 0 ? (
        <Later block={texts.none} as="p" className="block rounded-2xl border border-sand bg-paper p-6 text-ink-soft" />
      ) : (
        form()
      )}
    </>
  );

  function form() {
    if (!data) return null;
    return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      aria-label="Kennismakingsgesprek boeken"
      className="grid max-w-3xl gap-8"
    >
      <SlotPicker
        days={data.days}
        day={day}
        slot={slot}
        onDayChange={(d) => {
          setDay(d);
          setSlot(null);
        }}
        onSlotChange={setSlot}
      />
      <fieldset>
        <legend className="text-xl font-semibold text-ink">
          <Later block={texts.how} />
        </legend>
        <div className="mt-4 grid gap-3 sm:grid-cols-3">
          {CALL_MODES.map((m) => (
            <label
              key={m.value}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-sand bg-paper p-4 has-[:checked]:border-teal has-[:checked]:bg-teal-soft"
            >
              <input
                type="radio"
                name={`${id}-mode`}
                value={m.value}
                checked={mode === m.value}
                onChange={() => set("mode", m.value)}
                className="mt-1 h-4 w-4 accent-teal"
              />
              <span>
                <Later block={modeTexts[m.value].label} className="block font-semibold text-ink" />
                <Later block={modeTexts[m.value].hint} className="block text-sm text-ink-soft" />
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="text-xl font-semibold text-ink">
          <Later block={texts.details} />
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={<Later block={texts.name} />}
            {...field("name")}
            type="text"
            required
            maxLength={100}
            autoComplete="name"
          />
          <InputField
            label={<Later block={texts.email} />}
            {...field("email")}
            type="email"
            required
            autoComplete="email"
          />
        </div>
        <InputField
          label={<Later block={texts.phone} />}
          optional={mode !== "phone"}
          {...field("phone")}
          type="tel"
          required={mode === "phone"}
          autoComplete="tel"
          className="sm:max-w-sm"
        />
        <TextareaField
          label={<Later block={texts.question} />}
          optional
          {...field("question")}
          rows={3}
          maxLength={500}
        />
      </fieldset>
      <div>
        <button
          type="submit"
          disabled={submitting}
          className={buttonClasses("primary")}
        >
          {submitting ? <Later block={texts.busy} /> : <Later block={texts.button} />}
        </button>
        <p className="mt-3 text-sm text-ink-soft">
          {slot ? (
            <>
              <Later block={texts.chosen} /> <span data-from="agenda">{formatDateAt(slot)}</span>.
            </>
          ) : (
            <Later block={texts.notChosen} />
          )}{" "}
          <Later block={texts.privacy} />
        </p>
      </div>
    </form>
    );
  }
}
