// What a rebuild reports as it goes; the CLI draws it as a bar (cli/progress-bar.ts), the
// operations and tests pass the silent sink.

export type ProgressUpdate = {
  /** Events processed so far in this run. */
  done: number;
  /** Events this run has to process in all (grows while writes continue); null when only `fraction` is known. */
  total: number | null;
  /** Share of the work done when the total is not known in events (another event store). */
  fraction?: number | null;
};

export type ProgressSink = {
  update(update: ProgressUpdate): void;
  /** Ends the bar (a terminal gets its line back) and prints the last figures. */
  finish(): void;
};

/** For callers that want no progress output (tests, --quiet). */
export const silentProgress: ProgressSink = { update: () => {}, finish: () => {} };
