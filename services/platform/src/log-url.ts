// What a log line may say of a request's URL. Query strings carry addresses, application
// numbers and link tokens (status lookups, unsubscribe links, signed uploads), and a log is
// read by more people than the data it describes: a line keeps the path and the parameters'
// names, which is what a reader needs to tell one request from another, never their values.

import type { FastifyRequest } from 'fastify';

export const REDACTED_VALUE = '[redacted]';

// A name is the client's to choose: one that is not a plain identifier may be data itself.
const PLAIN_NAME = /^[A-Za-z0-9_.[\]-]{1,40}$/;

// Route parameters that are secrets themselves (a signed upload URL's token).
const SECRET_PARAMS = new Set(['token', 'signature', 'sig']);

/** `/api/x?email=a@b&token=t` → `/api/x?email=[redacted]&token=[redacted]`. */
export const redactQueryValues = (url: string): string => {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const names = url
    .slice(start + 1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return `${PLAIN_NAME.test(name) ? name : REDACTED_VALUE}=${REDACTED_VALUE}`;
    });
  return `${url.slice(0, start)}?${names.join('&')}`;
};

/** The request's URL as logged: values redacted, and a route with a secret parameter by its pattern. */
export const toLoggedUrl = (request: FastifyRequest): string => {
  const params = request.params;
  const hasSecret = typeof params === 'object' && params !== null && Object.keys(params).some((name) => SECRET_PARAMS.has(name));
  const pattern = request.routeOptions.url;
  return redactQueryValues(hasSecret && pattern ? pattern : request.url);
};
