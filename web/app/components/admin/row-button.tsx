import type { LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { adminButton, type AdminButtonVariant } from "@/components/admin/styles";

interface RowButtonProps extends Omit<ComponentProps<"button">, "type" | "className" | "children"> {
  icon: LucideIcon;
  label: string;
  /** Which row it acts on, read after the label by screen readers: "Bewerken (ZOMER10)". */
  row: string;
  variant?: AdminButtonVariant;
}

/** A small button acting on one row of an admin list. */
export function RowButton({ icon: Icon, label, row, variant = "secondary", ...button }: RowButtonProps) {
  return (
    <button type="button" {...button} className={adminButton(variant, "sm")}>
      <Icon aria-hidden="true" className="h-4 w-4" />
      {label}
      <span className="sr-only"> ({row})</span>
    </button>
  );
}
