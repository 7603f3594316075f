import type { Logger } from '@acres/platform';

const SLOW_STOP_MS = 5_000;

/**
 * The parts of a running product, stopped in the reverse of the order they started. A part
 * still stopping after 5 s is named in a warning (and again every 5 s), so a shutdown that
 * hangs says on what: the bound in main.ts ends the process, but not the question.
 */
export const createStops = (logger: Logger) => {
  const parts: { name: string; stop: () => Promise<unknown> }[] = [];
  let stopping: Promise<void> | undefined;
  const stopPart = async (part: (typeof parts)[number]) => {
    const startedAt = Date.now();
    const slow = setInterval(
      () => logger.warn({ part: part.name, ms: Date.now() - startedAt }, `still stopping the ${part.name}`),
      SLOW_STOP_MS,
    );
    slow.unref();
    try {
      await part.stop();
    } catch (error) {
      logger.error({ err: error, part: part.name }, 'error while stopping');
    } finally {
      clearInterval(slow);
    }
  };
  return {
    add: (name: string, stop: () => Promise<unknown>) => {
      parts.push({ name, stop });
    },
    stopAll: () => {
      stopping ??= (async () => {
        for (const part of parts.reverse()) await stopPart(part);
      })();
      return stopping;
    },
  };
};
