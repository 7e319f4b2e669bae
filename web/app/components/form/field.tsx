import { useId, type ComponentProps, type ReactNode } from "react";
import { Block } from "@/components/ui/block";
import { Message } from "@/components/form/client-messages";
import { checkboxClass, inputClass, labelClass } from "@/components/form/styles";

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

interface FieldFrameProps {
  /** Plain words, or a `<Block>` on a public page. */
  label: ReactNode;
  /** The message next to the field (from the client check or the server's `error.fields`). */
  error?: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
  /** Classes of the field's wrapper (label, control, error, hint). */
  className?: string;
}

interface FieldProps extends FieldFrameProps {
  children: (props: FieldControlProps) => ReactNode;
}

/** A labelled form control with its error and hint right below it, both read out with the control. */
export function Field({ label, error, hint, optional, className = "", children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {optional ? (
          <span className="font-normal text-ink-soft">
            {" "}
            {/* A block: on a public page she words it too (Beheer shows the default). */}
            <Block name="shared.form.optional">(optioneel)</Block>
          </span>
        ) : null}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type ControlFieldProps<E extends "input" | "textarea" | "select"> = FieldFrameProps &
  Omit<ComponentProps<E>, "id" | "className"> & {
    /** Extra classes of the control itself, e.g. "font-mono uppercase". */
    controlClassName?: string;
  };

/** A labelled text input (any type but checkbox and radio), optionally with its unit ("€" before, "%" after) in the box. */
export function InputField({
  label,
  error,
  hint,
  optional,
  className,
  controlClassName = "",
  unit,
  ...input
}: ControlFieldProps<"input"> & { unit?: "€" | "%" }) {
  const padding = unit === "€" ? "pl-7" : unit === "%" ? "pr-8" : "";
  return (
    <Field label={label} error={error} hint={hint} optional={optional} className={className}>
      {(p) => (
        <div className="relative">
          {unit ? (
            <span
              aria-hidden="true"
              className={`pointer-events-none absolute top-1/2 mt-0.5 -translate-y-1/2 text-ink-soft ${unit === "€" ? "left-3" : "right-3"}`}
            >
              {unit}
            </span>
          ) : null}
          <input {...input} {...p} className={`${inputClass} ${padding} ${controlClassName}`} />
        </div>
      )}
    </Field>
  );
}

export function TextareaField({ label, error, hint, optional, className, controlClassName = "", ...textarea }: ControlFieldProps<"textarea">) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional} className={className}>
      {(p) => <textarea {...textarea} {...p} className={`${inputClass} ${controlClassName}`} />}
    </Field>
  );
}

/** A labelled select; its options are the children. */
export function SelectField({ label, error, hint, optional, className, controlClassName = "", ...select }: ControlFieldProps<"select">) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional} className={className}>
      {(p) => <select {...select} {...p} className={`${inputClass} ${controlClassName}`} />}
    </Field>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      <Message>{children}</Message>
    </p>
  );
}

interface CheckboxFieldProps {
  name?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: ReactNode;
  required?: boolean;
  /** The label beside the box (may hold links and a second line). */
  children: ReactNode;
}

/** A checkbox with its label beside it and its error below. */
export function CheckboxField({ name, checked, onChange, error, required, children }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          required={required}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={Boolean(error)}
          aria-describedby={errorId}
          className={checkboxClass}
        />
        <label htmlFor={id} className="text-ink">
          {children}
        </label>
      </div>
      {error ? (
        <div className="pl-8">
          <FieldError id={errorId}>{error}</FieldError>
        </div>
      ) : null}
    </div>
  );
}
