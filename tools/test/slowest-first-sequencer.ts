// Starts the slowest spec files first. Workers take files from one queue in this order, so a
// long file started last keeps one worker busy while the others have nothing left: on a fresh
// clone vitest has no timings and starts the largest files first, which put the fuzz, the
// sign-up limits and the notifier's burst at the very end of the int run. The timings come from
// a committed file (`npm run test:order` refreshes it from the last run's report); a file it
// does not know yet (a new spec) starts first, as vitest would start it.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const SPEC_TIMES_FILE = path.join(import.meta.dirname, 'spec-times.json');

/** Seconds per `project:file`, from the committed file (none when it is missing or unreadable). */
const readSpecTimes = (): Record<string, number> => {
  try {
    return JSON.parse(readFileSync(SPEC_TIMES_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
};

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const times = readSpecTimes();
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const timeOf = (spec: TestSpecification) =>
      times[`${spec.project.name}:${path.relative(root, spec.moduleId)}`] ?? Number.POSITIVE_INFINITY;
    // Array sort is stable: the base order (group, project, then its own) decides ties.
    return sorted.sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      return timeOf(b) - timeOf(a);
    });
  }
}
