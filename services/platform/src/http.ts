import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from './logger.ts';
import { registerErrorHandler, type NotFoundHandler } from './http-errors.ts';

export type HttpApp = FastifyInstance;

export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * A fastify instance with our conventions: zod type provider, problem+json errors,
 * a request id on every log line (taken from x-request-id when a proxy set one).
 */
export const createHttpApp = (options: {
  logger: Logger;
  bodyLimit?: number;
  trustProxy?: boolean;
  notFound?: NotFoundHandler;
}) => {
  const serverOptions: FastifyServerOptions = {
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, { notFound: options.notFound });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
};

/** Listens and closes gracefully on SIGINT/SIGTERM, letting in-flight requests finish. */
export const listenWithGracefulShutdown = async (
  app: FastifyInstance,
  options: { port: number; host?: string; onClose?: () => Promise<void> },
) => {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await options.onClose?.();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
  return app;
};
