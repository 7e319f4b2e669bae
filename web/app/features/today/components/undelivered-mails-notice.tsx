import { MailWarning } from "lucide-react";
import { Link } from "react-router";
import { useToday } from "@/features/today/api/get-today";

/** On Beheer > Mails (whose menu item counts them): mails that could not be delivered, and where they are listed. */
export function UndeliveredMailsNotice() {
  const { data } = useToday();
  const count = data?.waiting.undelivered_mails ?? 0;
  if (count === 0) return null;
  return (
    <p className="mt-6 flex items-start gap-2 rounded-xl border border-red-800/30 bg-red-50 p-4 text-red-800">
      <MailWarning aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <span>
        {count === 1 ? "1 mail kon niet bezorgd worden" : `${count} mails konden niet bezorgd worden`} (de laatste twee
        weken).{" "}
        <Link to="/admin/dashboard" className="text-red-800 underline">
          Bekijk op Vandaag aan wie
        </Link>
        .
      </span>
    </p>
  );
}
