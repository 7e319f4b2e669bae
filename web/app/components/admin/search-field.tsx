import { Search } from "lucide-react";
import { useId } from "react";
import { inputClass, labelClass } from "@/components/form/styles";

interface SearchFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/** A labelled search box; the page debounces what it sends to the server. */
export function SearchField({ label, value, onChange, placeholder }: SearchFieldProps) {
  const id = useId();
  return (
    <div className="w-full sm:max-w-sm">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 mt-0.5 h-4 w-4 -translate-y-1/2 text-ink-soft" />
        <input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          className={`${inputClass} pl-9`}
        />
      </div>
    </div>
  );
}
