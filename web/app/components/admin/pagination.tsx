import { ChevronLeft, ChevronRight } from "lucide-react";
import { adminButton } from "@/components/admin/styles";

/** Number of pages for a paged list (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}

interface PaginationProps {
  page: number;
  total: number;
  perPage: number;
  onPageChange: (page: number) => void;
  /** What is paged, for the navigation's name (e.g. "reviews"). */
  label: string;
}

/** "Vorige" / "Volgende" and "Pagina x van y". */
export function Pagination({ page, total, perPage, onPageChange, label }: PaginationProps) {
  const pages = pageCount(total, perPage);
  return (
    <nav aria-label={`Pagina's van ${label}`} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      <button
        type="button"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        className={adminButton("quiet", "sm")}
      >
        <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        Vorige
      </button>
      <p aria-live="polite" className="order-first w-full text-center text-sm text-ink-soft sm:order-none sm:w-auto">
        Pagina {Math.min(page, pages)} van {pages}
      </p>
      <button
        type="button"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pages}
        className={adminButton("quiet", "sm")}
      >
        Volgende
        <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </button>
    </nav>
  );
}
