import { FastForward, Play, RefreshCcw } from 'lucide-react';
import type { ProjectionOperation } from '@acres/contracts/projection-operations';
import { Button } from '@/components/ui/button';
import { isActiveOperation, type ProjectionStatus } from '../api/operations-api';
import { RebuildProgress } from './rebuild-progress';

export type ProjectionActionHandlers = {
  rebuild: (row: ProjectionStatus) => void;
  resume: (row: ProjectionStatus) => void;
  skip: (row: ProjectionStatus) => void;
  /** The projection whose request is being sent, if any. */
  sending: string | null;
};

/** A rebuild's own checkpoint ('leads@r2'): only resumed or skipped, never rebuilt itself. */
const isRebuildCheckpoint = (name: string) => name.includes('@');

/** Rebuild, Resume and Skip for one projection, with the progress of its latest rebuild. */
export function ProjectionActions({
  row,
  rebuild,
  handlers,
}: {
  row: ProjectionStatus;
  rebuild: ProjectionOperation | undefined;
  handlers: ProjectionActionHandlers;
}) {
  const sending = handlers.sending === row.name;
  const rebuilding = rebuild !== undefined && isActiveOperation(rebuild);
  const failed = row.state === 'failed';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {isRebuildCheckpoint(row.name) ? null : (
          <Button
            variant="outline"
            size="sm"
            onClick={() => handlers.rebuild(row)}
            disabled={sending || rebuilding}
            data-testid={`rebuild-${row.name}`}
          >
            <RefreshCcw aria-hidden="true" className={rebuilding ? 'animate-spin' : undefined} />
            {rebuilding ? 'Rebuilding…' : 'Rebuild'}
            <span className="sr-only"> {row.name}</span>
          </Button>
        )}
        {failed ? (
          <>
            <Button
              variant="outline"
              size="sm"
              onClick={() => handlers.resume(row)}
              disabled={sending}
              data-testid={`resume-${row.name}`}
            >
              <Play aria-hidden="true" />
              Resume<span className="sr-only"> {row.name}</span>
            </Button>
            <Button
              variant="destructive"
              size="sm"
              onClick={() => handlers.skip(row)}
              disabled={sending}
              data-testid={`skip-${row.name}`}
            >
              <FastForward aria-hidden="true" />
              Skip event…<span className="sr-only"> of {row.name}</span>
            </Button>
          </>
        ) : null}
      </div>
      {rebuild ? <RebuildProgress operation={rebuild} /> : null}
    </div>
  );
}
