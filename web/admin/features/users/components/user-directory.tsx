// The users page: search (username, Telegram ID or wallet address) with a Search button, one card
// per user, the user dialog, and the list (or the search's matches) as a CSV file.
import { useState, type FormEvent } from "react";
import type { AdminUserDto } from "@/api/contract.ts";
import { Button } from "@/web/shared/ui/button.tsx";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { inputClass } from "@/web/shared/ui/field.tsx";
import { SearchIcon, UsersIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { ExportButton } from "@/web/admin/components/export-button.tsx";
import { exportUsers } from "@/web/admin/features/users/api/export-users.ts";
import { MAX_LIMIT, PAGE_SIZE, useUsers } from "@/web/admin/features/users/api/get-users.ts";
import { UserCard } from "./user-card.tsx";
import { UserDialog } from "./user-dialog.tsx";

export function UserDirectory() {
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState<AdminUserDto | null>(null);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const { data, isLoading, isFetching, error, refetch } = useUsers(search, limit);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(text.trim());
    setLimit(PAGE_SIZE);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        <form role="search" onSubmit={onSubmit} className="flex flex-1 flex-col gap-2 sm:flex-row">
          <label htmlFor="user-search" className="sr-only">
            Search users
          </label>
          <div className="relative flex-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
            <input
              id="user-search"
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Search by username, Telegram ID or wallet address"
              className={`${inputClass} pl-9`}
            />
          </div>
          <Button type="submit" disabled={isFetching}>
            <SearchIcon />
            Search
          </Button>
        </form>
        <ExportButton scope={search ? `The users matching “${search}”, as a CSV file` : "Every user, as a CSV file"} exportFile={() => exportUsers(search)} />
      </div>
      {search && (
        <p className="text-sm text-slate-500" aria-live="polite">
          Results for “{search}”{" "}
          <button
            type="button"
            className="font-medium text-indigo-600 hover:text-indigo-800"
            onClick={() => {
              setText("");
              setSearch("");
              setLimit(PAGE_SIZE);
            }}
          >
            Clear search
          </button>
        </p>
      )}

      {isLoading ? (
        <div aria-busy="true" aria-label="Loading users" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-40 rounded-xl" />
          ))}
        </div>
      ) : data === undefined ? (
        <ErrorState title="Unable to load users" message={error?.message} onRetry={refetch} retrying={isFetching} />
      ) : data.length === 0 ? (
        <EmptyState icon={<UsersIcon className="h-10 w-10" />}>{search ? "No users found matching your search" : "No users found"}</EmptyState>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {data.map((user) => (
            <UserCard key={user.id} user={user} onOpen={setOpen} />
          ))}
        </div>
      )}
      {data && data.length >= limit && (
        <div className="flex justify-center">
          {limit < MAX_LIMIT ? (
            <Button variant="outline" disabled={isFetching} onClick={() => setLimit((n) => Math.min(MAX_LIMIT, n + PAGE_SIZE))}>
              {isFetching ? "Loading..." : "Load more"}
            </Button>
          ) : (
            <p className="text-sm text-slate-500">Showing the newest {MAX_LIMIT} users; search to find others.</p>
          )}
        </div>
      )}
      <UserDialog user={open} onClose={() => setOpen(null)} />
    </div>
  );
}
