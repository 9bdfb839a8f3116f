// An account's number, linked to its own case.
import { Link } from "react-router-dom";
import { cn } from "@/web/shared/cn.ts";
import { riskCasePath } from "@/web/admin/paths.ts";

export function CaseLink({ id, className }: { id: number; className?: string }) {
  return (
    <Link to={riskCasePath(id)} className={cn("text-indigo-700 tabular-nums hover:underline", className)}>
      #{id}
    </Link>
  );
}
