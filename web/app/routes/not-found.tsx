import { Link } from "@/web/app/lib/router.tsx";
import { paths } from "@/web/app/paths.ts";
import { Card } from "@/web/shared/ui/card.tsx";

export default function NotFoundScreen() {
  return (
    <Card className="space-y-2 text-center">
      <h1 className="text-lg font-bold">404 Page Not Found</h1>
      <p className="text-sm text-hint">This screen does not exist in the app.</p>
      <Link to={paths.home} className="inline-block font-semibold text-link">
        Back to Home
      </Link>
    </Card>
  );
}
