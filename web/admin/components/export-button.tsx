// "Export CSV" on a list: asks the server for the whole list under the filters shown (the same
// columns as the CLI's --csv) and saves it; a failure is the API client's toast.
import { Button } from "@/web/shared/ui/button.tsx";
import { DownloadIcon } from "@/web/shared/ui/icons.tsx";
import { useMutation } from "@/web/shared/use-mutation.ts";
import { saveFile } from "@/web/admin/lib/save-file.ts";

/** `scope` says what the file holds, shown when the pointer rests on the button. */
export function ExportButton({ exportFile, scope }: { exportFile: () => Promise<File>; scope: string }) {
  const { mutate, isPending } = useMutation(async () => saveFile(await exportFile()));
  return (
    <Button variant="outline" disabled={isPending} onClick={() => void mutate()} title={scope}>
      <DownloadIcon />
      {isPending ? "Exporting..." : "Export CSV"}
    </Button>
  );
}
