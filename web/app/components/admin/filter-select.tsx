import { Field } from "@/components/form/field";
import { inputClass } from "@/components/form/styles";

interface FilterSelectProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  className?: string;
}

/** A labelled choice above an admin list, e.g. its status filter. */
export function FilterSelect<T extends string>({ label, value, options, onChange, className = "w-full sm:w-56" }: FilterSelectProps<T>) {
  return (
    <Field label={label} className={className}>
      {(p) => (
        <select {...p} value={value} onChange={(e) => onChange(e.target.value as T)} className={inputClass}>
          {options.map((o) => (
            <option key={o.value || "all"} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
