import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiJson, apiRequest, getLastPosition, getQueryFn, keyToUrl, resetLastPosition } from './api-client';

type Call = { url: string; init: RequestInit };

let calls: Call[];
let answers: Response[];

function answer(status: number, body: string, contentType = 'application/json', statusText = ''): Response {
  return new Response(status === 204 ? null : body, { status, statusText, headers: { 'content-type': contentType } });
}

function headerOf(call: Call | undefined, name: string): string | null {
  return new Headers(call?.init.headers).get(name);
}

beforeEach(() => {
  calls = [];
  answers = [];
  resetLastPosition();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error('unexpected fetch');
    return next;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends cookies and a JSON body with a JSON content type', async () => {
    answers.push(answer(201, '{"id":"a","position":"7"}'));
    await apiRequest('POST', '/api/leads', { fullName: 'Ada' });
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.body).toBe('{"fullName":"Ada"}');
    expect(headerOf(calls[0], 'content-type')).toBe('application/json');
  });

  it('sends no body and no content type without a payload', async () => {
    answers.push(answer(200, '[]'));
    await apiRequest('GET', '/api/payments');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(headerOf(calls[0], 'content-type')).toBeNull();
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('throws "status: body" for a non-OK answer', async () => {
    answers.push(answer(400, '{"title":"Bad Request"}', 'application/problem+json'));
    const error = await apiRequest('POST', '/api/leads', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"title":"Bad Request"}');
    expect((error as ApiError).status).toBe(400);
  });

  it('throws "status: statusText" when the body is empty', async () => {
    answers.push(answer(503, '', 'text/plain', 'Service Unavailable'));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('read-your-writes position', () => {
  it('sends the largest position a command returned as x-min-position on later GETs', async () => {
    answers.push(answer(201, '{"id":"a","position":"41"}'));
    answers.push(answer(201, '{"id":"b","position":"9"}'));
    answers.push(answer(200, '{"total":0,"leads":[]}'));
    await apiJson('POST', '/api/leads', {});
    await apiJson('POST', '/api/leads', {});
    await getQueryFn({ on401: 'throw' })(['/api/admin/leads']);
    expect(getLastPosition()).toBe('41');
    expect(headerOf(calls[2], 'x-min-position')).toBe('41');
  });

  it('compares positions beyond 2^53 exactly', async () => {
    answers.push(answer(201, '{"id":"a","position":"9007199254740993"}'));
    answers.push(answer(201, '{"id":"b","position":"9007199254740992"}'));
    await apiJson('POST', '/api/leads', {});
    await apiJson('POST', '/api/leads', {});
    expect(getLastPosition()).toBe('9007199254740993');
  });

  it('sends no x-min-position before any command', async () => {
    answers.push(answer(200, '[]'));
    await apiRequest('GET', '/api/payments');
    expect(headerOf(calls[0], 'x-min-position')).toBeNull();
  });

  it('does not send x-min-position on commands', async () => {
    answers.push(answer(201, '{"id":"a","position":"5"}'));
    answers.push(answer(201, '{"id":"b","position":"6"}'));
    await apiJson('POST', '/api/leads', {});
    await apiJson('POST', '/api/leads', {});
    expect(headerOf(calls[1], 'x-min-position')).toBeNull();
  });
});

describe('getQueryFn', () => {
  it('joins the key parts with a slash and reads JSON', async () => {
    answers.push(answer(200, '{"ok":true}'));
    const data = await getQueryFn({ on401: 'throw' })(['/api/admin/payments', 'p1']);
    expect(calls[0]?.url).toBe('/api/admin/payments/p1');
    expect(data).toEqual({ ok: true });
  });

  it('yields null on 401 when configured to', async () => {
    answers.push(answer(401, '{"title":"Unauthorized"}'));
    await expect(getQueryFn({ on401: 'returnNull' })(['/api/auth/user'])).resolves.toBeNull();
  });

  it('throws on 401 by default', async () => {
    answers.push(answer(401, 'Unauthorized', 'text/plain'));
    await expect(getQueryFn({ on401: 'throw' })('/api/auth/user')).rejects.toThrow('401: Unauthorized');
  });

  it('keyToUrl accepts a plain string key', () => {
    expect(keyToUrl('/api/payments')).toBe('/api/payments');
  });
});
