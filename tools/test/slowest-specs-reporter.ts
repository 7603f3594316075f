// Prints the slowest spec files at the end of a run, so the next growth of the suite is
// seen at once, and the tests that passed only on a retry. A file's time is its wall time in its worker: importing it (its module
// graph), its set-up and its tests and hooks.
import type { Reporter, TestModule } from 'vitest/node';

export type SpecTime = { project: string; file: string; ms: number; tests: number };

const SHOWN = 10;

export const timeOfModule = (module: TestModule, root: string): SpecTime => {
  const diagnostic = module.diagnostic();
  const file = module.moduleId.startsWith(`${root}/`) ? module.moduleId.slice(root.length + 1) : module.moduleId;
  return {
    project: module.project.name,
    file,
    ms: diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.prepareDuration + diagnostic.duration,
    tests: [...module.children.allTests()].length,
  };
};

export const renderSlowest = (times: readonly SpecTime[], count = SHOWN) => {
  const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, count);
  if (slowest.length === 0) return '';
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  const lines = slowest.map(
    (time) => `${seconds(time.ms)}  ${time.project.padEnd(7)} ${time.file} (${time.tests} test${time.tests === 1 ? '' : 's'})`,
  );
  return [`The ${slowest.length} slowest spec files (import, set-up and tests):`, ...lines].join('\n');
};

/** Tests that failed and then passed on CI's one retry: each is a flake to fix, named at the end of the run. */
export const renderFlaky = (modules: ReadonlyArray<TestModule>, root: string) => {
  const flaky = modules.flatMap((module) =>
    [...module.children.allTests()]
      .filter((test) => test.diagnostic()?.flaky)
      .map((test) => `  ${timeOfModule(module, root).file} > ${test.fullName} (${test.diagnostic()!.retryCount} retry)`),
  );
  return flaky.length === 0 ? '' : [`${flaky.length} test(s) passed only on a retry (flaky, to be fixed):`, ...flaky].join('\n');
};

export default class SlowestSpecsReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const report = renderSlowest(modules.map((module) => timeOfModule(module, this.root)));
    if (report) console.log(`\n${report}\n`);
    const flaky = renderFlaky(modules, this.root);
    if (flaky) console.log(`${flaky}\n`);
  }
}
