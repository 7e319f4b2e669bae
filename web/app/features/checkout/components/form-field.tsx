import { useId, type ReactNode } from "react";

export const inputClass =
  "mt-1 block w-full rounded-xl border border-ink-soft/40 bg-paper px-4 py-3 text-base text-ink placeholder:text-ink-soft/70 focus-visible:border-teal aria-[invalid=true]:border-red-800";

/** What a control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  "aria-invalid": boolean;
  "aria-describedby"?: string;
}

interface FormFieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (props: ControlProps) => ReactNode;
}

/** A labelled control with its error and hint right below it, both read out with the control. */
export function FormField({ label, error, hint, optional, className = "", children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="font-medium text-ink">
        {label}
        {optional ? <span className="font-normal text-ink-soft"> (optioneel)</span> : null}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {error ? <FieldError id={errorId!}>{error}</FieldError> : null}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-800">
      {children}
    </p>
  );
}

interface CheckboxFieldProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  children: ReactNode;
}

/** A required checkbox with its label beside it and its error below. */
export function CheckboxField({ name, checked, onChange, error, children }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={Boolean(error)}
          aria-describedby={errorId}
          className="mt-1 h-5 w-5 shrink-0 accent-teal"
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
