/**
 * Counts failures per key (an IP address, an email) in a fixed window. Once a key has
 * `max` failures it is blocked until its window ends. In memory, per process: enough to
 * make online password guessing impractically slow; several processes each keep their
 * own counts, which multiplies the allowance by their number but keeps the bound.
 */
export type AttemptLimiter = {
  /** Seconds until key may try again, or null when it may try now. */
  retryAfter(key: string): number | null;
  recordFailure(key: string): void;
  reset(key: string): void;
  /** Keys currently tracked (bounded by MAX_TRACKED_KEYS). */
  size(): number;
};

export type AttemptLimit = { max: number; windowMs: number };

export const MAX_TRACKED_KEYS = 50_000;

export const createAttemptLimiter = (options: AttemptLimit & { now?: () => number }): AttemptLimiter => {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();

  const current = (key: string) => {
    const window = windows.get(key);
    if (window && window.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  // Runs only when the map is full, and then frees a tenth of it at least, so the cost
  // stays amortised even under a flood of distinct keys.
  const makeRoom = () => {
    const at = now();
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    // Still nearly full after dropping expired windows: an attacker spraying keys.
    // Forget the oldest rather than grow without bound.
    let excess = windows.size - Math.floor(MAX_TRACKED_KEYS * 0.9);
    for (const key of windows.keys()) {
      if (excess-- <= 0) break;
      windows.delete(key);
    }
  };

  return {
    retryAfter: (key) => {
      const window = current(key);
      if (!window || window.count < options.max) return null;
      return Math.max(1, Math.ceil((window.resetAt - now()) / 1000));
    },
    recordFailure: (key) => {
      const window = current(key);
      if (window) {
        window.count += 1;
        return;
      }
      if (windows.size >= MAX_TRACKED_KEYS) makeRoom();
      windows.set(key, { count: 1, resetAt: now() + options.windowMs });
    },
    reset: (key) => {
      windows.delete(key);
    },
    size: () => windows.size,
  };
};
