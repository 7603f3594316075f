export * from './config.ts';
export * from './logger.ts';
export * from './db.ts';
export * from './errors.ts';
export * from './http.ts';
export * from './http-errors.ts';
export * from './security-headers.ts';
export * from './admin-auth.ts';
export * from './migrate.ts';
// embedded.ts is imported by path (@acres/platform/embedded): only the processes that run
// an embedded PostgreSQL need its child-process supervision.
export * from './startup-error.ts';
export * from './net.ts';
