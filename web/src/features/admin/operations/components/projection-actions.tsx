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

/** What a failed projection offers: resume at the event that failed, or skip it. */
const RECOVERY = [
  { action: 'resume', variant: 'outline', Icon: Play, label: 'Resume', of: '' },
  { action: 'skip', variant: 'destructive', Icon: FastForward, label: 'Skip event…', of: 'of ' },
] as const;

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
        {failed
          ? RECOVERY.map(({ action, variant, Icon, label, of }) => (
              <Button
                key={action}
                variant={variant}
                size="sm"
                onClick={() => handlers[action](row)}
                disabled={sending}
                data-testid={`${action}-${row.name}`}
              >
                <Icon aria-hidden="true" />
                {label}
                <span className="sr-only">{` ${of}${row.name}`}</span>
              </Button>
            ))
          : null}
      </div>
      {rebuild ? <RebuildProgress operation={rebuild} /> : null}
    </div>
  );
}
