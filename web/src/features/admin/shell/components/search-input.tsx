import { LoaderCircle, Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';

/** A search box with its magnifier, and a spinner while `searching`. */
export function SearchInput({ searching, ...input }: ComponentProps<typeof Input> & { searching: boolean }) {
  return (
    <>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      <Input type="search" maxLength={200} className="pr-10 pl-9" {...input} />
      {searching ? (
        <LoaderCircle
          className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-slate-400"
          aria-hidden="true"
        />
      ) : null}
    </>
  );
}
