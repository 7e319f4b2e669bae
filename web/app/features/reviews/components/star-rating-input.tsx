import { Star } from "lucide-react";
import { useId } from "react";
import { FieldError } from "@/components/form/field";
import { labelClass } from "@/components/form/styles";

interface StarRatingInputProps {
  value: number | null;
  onChange: (value: number) => void;
  error?: string;
  legend?: string;
}

/** 1–5 stars as a native radio group: arrow keys choose, each star is labelled. */
export function StarRatingInput({ value, onChange, error, legend = "Score" }: StarRatingInputProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset role="radiogroup" aria-describedby={errorId} aria-invalid={Boolean(error)}>
      <legend className={labelClass}>{legend}</legend>
      <div className="mt-1 flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => {
          const inputId = `${id}-${n}`;
          const filled = value !== null && n <= value;
          return (
            <span key={n}>
              <input
                id={inputId}
                type="radio"
                name={`${id}-score`}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="peer sr-only"
              />
              <label
                htmlFor={inputId}
                className="flex cursor-pointer rounded-md p-1 text-gold-ink hover:bg-gold-soft peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal"
              >
                <Star aria-hidden="true" className="h-8 w-8" fill={filled ? "#c9a04b" : "none"} strokeWidth={1.5} />
                <span className="sr-only">{n === 1 ? "1 ster" : `${n} sterren`}</span>
              </label>
            </span>
          );
        })}
        <span aria-hidden="true" className="ml-2 text-sm text-ink-soft">
          {value ? `${value} van 5` : "Nog geen score"}
        </span>
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
