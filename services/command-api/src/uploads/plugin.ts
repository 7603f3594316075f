import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { DomainError } from '@acres/contracts/errors';
import { registerSessionSupport } from '@acres/platform/sessions';
import { rateLimitPlugin } from '@acres/platform/plugins/rate-limit';
import type { Pool } from '@acres/platform/db';
import type { PreHandler, UploadsDeps } from './deps.ts';
import { registerGetRoute } from './get-route.ts';
import { registerIssueRoute } from './issue-route.ts';
import { createLocalStore, type LocalObjectStore } from './local-store.ts';
import { registerPutRoute } from './put-route.ts';
import { NOT_AN_IMAGE_MESSAGE } from './receive-image.ts';
import { createUploadRateLimiter, DEFAULT_UPLOAD_RATE_LIMIT, type UploadRateLimit } from './rate-limit.ts';
import { createS3Store, type S3ObjectStore, type S3Options } from './s3-store.ts';

export type UploadsOptions = {
  pool: Pool;
  /** Local objects live under `${dataDir}/objects` (unused when s3 is set). */
  dataDir: string;
  /** Signs local upload URLs; at least 32 characters (resolveUploadSigningSecret). */
  signingSecret: string;
  /** The shared admin Basic-auth guard: the admin may read every object. Without it only owners may. */
  adminGuard?: PreHandler | undefined;
  s3?: S3Options | undefined;
  /** Upload URLs per client address (default 30 per 15 minutes). */
  rateLimit?: UploadRateLimit;
  now?: () => Date;
};

const JSON_BODY_LIMIT = 1024;

/** The object store the options describe: S3 when configured, else local disk. */
export const createObjectStore = (
  options: Pick<UploadsOptions, 'dataDir' | 'signingSecret' | 's3' | 'now'>,
): LocalObjectStore | S3ObjectStore =>
  options.s3
    ? createS3Store({ ...options.s3, ...(options.now ? { now: options.now } : {}) })
    : createLocalStore({ dataDir: options.dataDir, signingSecret: options.signingSecret });

/**
 * POST /api/objects/upload, PUT /api/objects/upload/:token (local disk only) and
 * GET /api/objects/uploads/:id. Its own plugin: image bodies must never meet the
 * JSON-only hooks of the command API, and its parsers stay inside this context.
 */
export const uploadsPlugin: FastifyPluginAsync<UploadsOptions> = async (app, options) => {
  if (options.signingSecret.length < 32) throw new Error('uploadsPlugin: signingSecret must be at least 32 characters');
  const store = createObjectStore(options);
  await app.register(rateLimitPlugin, { pool: options.pool });
  const deps: UploadsDeps = {
    pool: options.pool,
    store,
    signingSecret: options.signingSecret,
    adminGuard: options.adminGuard ?? null,
    rateLimit: createUploadRateLimiter(app, options.rateLimit ?? DEFAULT_UPLOAD_RATE_LIMIT),
    now: options.now ?? (() => new Date()),
    log: app.log.child({ component: 'uploads' }),
  };

  registerSessionSupport(app, { pool: options.pool });

  // Bodies are read by the routes themselves: the image as a stream with its own
  // limit, the optional {purpose} as a small JSON object (an empty body is no body).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new DomainError('validation_failed', 'The request body is not valid JSON'), undefined);
    }
  });
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  app.setErrorHandler((error: FastifyError) => {
    // A malformed Content-Type header on an upload: say what is accepted, not "send JSON".
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new DomainError('unsupported_media_type', NOT_AN_IMAGE_MESSAGE);
    throw error; // the app's own handler formats everything else
  });

  registerIssueRoute(app, deps);
  if (store.kind === 'local') {
    registerPutRoute(app, { ...deps, store });
    app.addHook('onReady', async () => {
      const removed = await store.sweepIncoming();
      if (removed > 0) deps.log.info({ removed }, 'removed unfinished uploads');
    });
  }
  registerGetRoute(app, deps);
};
