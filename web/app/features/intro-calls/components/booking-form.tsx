import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "@/components/ui/toast";
import { InputField, TextareaField } from "@/components/form/field";
import { serverMessage } from "@/components/form/form-errors";
import { useForm } from "@/components/form/use-form";
import { buttonClasses } from "@/components/ui/button-link";
import { Spinner } from "@/components/ui/spinner";
import { Live } from "@/components/ui/live";
import { bookCall } from "@/features/intro-calls/api/book-call";
import {
  slotsQueryOptions,
  useSlots,
} from "@/features/intro-calls/api/get-slots";
import { SlotPicker } from "@/features/intro-calls/components/slot-picker";
import { CALL_MODES, callModeLabel } from "@/lib/call-labels";
import { ApiError } from "@/lib/api";
import type { BookingResponse, CallMode } from "@/lib/api-types";
import { formatDateAt } from "@/lib/format";

export const BOOKING_ERROR_TITLE = "Er is iets misgegaan";
const FALLBACK = "Probeer het later opnieuw.";

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
          toast.error(BOOKING_ERROR_TITLE, {
            description: "Kies eerst een dag en een uur.",
          });
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
        toast.success("Gesprek geboekt!", {
          description: formatDateAt(result.starts_at),
        });
        void queryClient.invalidateQueries({
          queryKey: slotsQueryOptions.queryKey,
        });
        requestAnimationFrame(() => doneRef.current?.focus());
      },
      onError(error) {
        toast.error(BOOKING_ERROR_TITLE, {
          description: serverMessage(error) ?? FALLBACK,
        });
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

  if (booked) {
    return (
      <div
        className="max-w-2xl rounded-2xl border border-teal/40 bg-teal-soft p-6"
        role="status"
      >
        <h3 ref={doneRef} tabIndex={-1} className="text-2xl">
          Je gesprek is geboekt!
        </h3>
        <p className="mt-2 text-lg text-ink">
          We spreken af op <strong>{formatDateAt(booked.starts_at)}</strong> (
          {callModeLabel(booked.mode).toLowerCase()}
          ).
        </p>
        <p className="mt-2 text-ink-soft">
          Je krijgt zo een bevestiging per e-mail, met een uitnodiging voor je
          agenda en links om het gesprek te verplaatsen of te annuleren.
        </p>
      </div>
    );
  }
  if (isPending)
    return <Spinner label="Vrije momenten laden..." className="py-10" />;
  if (isError) {
    return (
      <p
        role="alert"
        className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft"
      >
        De vrije momenten konden nu niet geladen worden. Probeer het later
        opnieuw, of{" "}
        <Link to="/contact" className="text-link">
          neem contact op
        </Link>
        .
      </p>
    );
  }
  if (data.days.length === 0) {
    return (
      <p className="rounded-2xl border border-sand bg-paper p-6 text-ink-soft">
        Er zijn de komende weken geen vrije momenten meer. Laat via het{" "}
        <Link to="/contact" className="text-link">
          contactformulier
        </Link>{" "}
        weten wanneer het jou past, dan zoeken we samen een moment.
      </p>
    );
  }

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
          3. Hoe wil je het gesprek?
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
                <span className="block font-semibold text-ink">
                  {m.value === "in_person" ? (
                    <>
                      In <Live field="city" />
                    </>
                  ) : (
                    m.label
                  )}
                </span>
                <span className="block text-sm text-ink-soft">
                  {m.hint ?? (
                    <>
                      In de praktijk, <Live field="street" />,{" "}
                      <Live field="postalCode" /> <Live field="city" />.
                    </>
                  )}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="text-xl font-semibold text-ink">
          4. Je gegevens
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Naam"
            {...field("name")}
            type="text"
            required
            maxLength={100}
            autoComplete="name"
          />
          <InputField
            label="E-mailadres"
            {...field("email")}
            type="email"
            required
            autoComplete="email"
          />
        </div>
        <InputField
          label="Telefoonnummer"
          optional={mode !== "phone"}
          {...field("phone")}
          type="tel"
          required={mode === "phone"}
          autoComplete="tel"
          className="sm:max-w-sm"
        />
        <TextareaField
          label="Wil je al iets vertellen of vragen?"
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
          {submitting ? "Bezig..." : "Gesprek boeken"}
        </button>
        <p className="mt-3 text-sm text-ink-soft">
          {slot
            ? `Gekozen: ${formatDateAt(slot)}.`
            : "Je hebt nog geen moment gekozen."}{" "}
          Lees hoe we met je gegevens omgaan in onze{" "}
          <Link to="/privacy" className="text-link">
            privacyverklaring
          </Link>
          .
        </p>
      </div>
    </form>
  );
}
