// Test support of @acres/platform for every workspace's tests (import from '@acres/platform/test').
// The vitest global setup (./global-setup.ts) is named in vitest.config.ts, not exported here.

export * from './test-database.ts';
export * from './sessions.ts';
export * from './throttle.ts';
export * from './metrics.ts';
export * from './master-key.ts';
export * from './soak.ts';
export * from './seed-cluster.ts';
export * from './route-tree.ts';
