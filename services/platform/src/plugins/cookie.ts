import fastifyCookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/**
 * request.cookies and reply.setCookie / reply.clearCookie. Every cookie we write is
 * httpOnly, SameSite=Lax, and Secure when the request came over https (the proxy's
 * X-Forwarded-Proto with TRUST_PROXY); callers give the name, value, path and Max-Age.
 * Wrapped in fastify-plugin so it applies to the context that registers it, which is
 * wherever sessions are (registerSessionSupport registers it).
 *
 * @see https://github.com/fastify/fastify-cookie
 */
export const cookiePlugin = fp(
  async (app) => {
    await app.register(fastifyCookie, { parseOptions: { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto' } });
  },
  { name: 'acres-cookie', fastify: '5.x' },
);
