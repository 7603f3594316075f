import {
  AccessDeniedError,
  CancelledError,
  UnavailableError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { WrongExpectedVersionError } from '../port.ts';
import { appended, createFakeClient, esdbEvent, ID, newEvent, POLICY, storeOver } from '../../test/esdb/fake-client.ts';
import { backoffDelay, isTransientEsdbError, sleep, withRetry } from './retry.ts';

describe('the backoff', () => {
  it('doubles its ceiling per retry up to the maximum and waits between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffDelay(retry, POLICY, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffDelay(retry, POLICY, () => 0))).toEqual([50, 100, 200, 400, 500, 500]);
  });

  it('counts unavailable, deadline and server cancellations as transient, never conflicts or refusals', () => {
    expect(isTransientEsdbError(new UnavailableError())).toBe(true);
    expect(isTransientEsdbError(new CancelledError())).toBe(true);
    expect(isTransientEsdbError(new AccessDeniedError())).toBe(false);
    expect(
      isTransientEsdbError(new EsdbWrongExpectedVersionError(undefined, { streamName: 's', expected: 1n, current: 2n })),
    ).toBe(false);
    expect(isTransientEsdbError(new Error('unavailable'))).toBe(false);
  });

  it('stops waiting and throws the last error once its signal aborts', async () => {
    const controller = new AbortController();
    let calls = 0;
    const failing = withRetry(
      async () => {
        calls += 1;
        throw new UnavailableError();
      },
      { policy: { attempts: 10, baseDelayMs: 60_000, maxDelayMs: 60_000 }, signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 10);
    await expect(failing).rejects.toBeInstanceOf(UnavailableError);
    expect(calls).toBe(1);
  });
});

describe('the wait between tries', () => {
  it('resolves after its time, or at once and without an error when its signal aborts', async () => {
    const started = performance.now();
    await expect(sleep(20)).resolves.toBeUndefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);

    await expect(sleep(60_000, AbortSignal.abort())).resolves.toBeUndefined();
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    setTimeout(() => controller.abort(), 10);
    await expect(waiting).resolves.toBeUndefined();
  });
});

describe('an append while the server is briefly unavailable', () => {
  it('is retried with the same event ids, with growing waits, until the server answers', async () => {
    const client = createFakeClient({
      appends: [{ error: new UnavailableError() }, { error: new UnavailableError() }, appended],
    });
    const { store, waits } = storeOver(client);
    await expect(store.appendToStream('test-1', [newEvent(ID)], { expectedRevision: 'no_stream' })).resolves.toEqual({
      nextExpectedRevision: 0n,
      position: 700n,
    });
    expect(client.appendCalls).toEqual([1, 2, 3].map(() => ({ stream: 'test-1', ids: [ID] })));
    expect(waits).toEqual([75, 150]);
  });

  it('fails with the last error once the attempts are spent', async () => {
    const client = createFakeClient({ appends: Array.from({ length: 5 }, () => ({ error: new UnavailableError() })) });
    const { store, waits } = storeOver(client);
    await expect(store.appendToStream('test-1', [newEvent(ID)], { expectedRevision: 'any' })).rejects.toBeInstanceOf(
      UnavailableError,
    );
    expect(client.appendCalls).toHaveLength(POLICY.attempts);
    expect(waits).toHaveLength(POLICY.attempts - 1);
  });

  it('is never retried on a wrong expected version: the conflict surfaces at once as the port error', async () => {
    const conflict = new EsdbWrongExpectedVersionError(undefined, { streamName: 'test-1', expected: 'no_stream', current: 0n });
    const client = createFakeClient({ appends: [{ error: conflict }, appended] });
    const { store, waits } = storeOver(client);
    const failure = store.appendToStream('test-1', [newEvent(ID)], { expectedRevision: 'no_stream' });
    await expect(failure).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await expect(failure).rejects.toMatchObject({ stream: 'test-1', actual: 0n });
    expect(client.appendCalls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('is not retried when the server refuses (access denied)', async () => {
    const client = createFakeClient({ appends: [{ error: new AccessDeniedError() }, appended] });
    const { store } = storeOver(client);
    await expect(store.appendToStream('test-1', [newEvent(ID)], { expectedRevision: 'any' })).rejects.toBeInstanceOf(
      AccessDeniedError,
    );
    expect(client.appendCalls).toHaveLength(1);
  });
});

describe('reads while the server is briefly unavailable', () => {
  it('reads a page of the log again from the same position', async () => {
    const client = createFakeClient({
      reads: [{ error: new UnavailableError() }, [esdbEvent(100n), esdbEvent(200n), esdbEvent(300n)]],
    });
    const { store } = storeOver(client);
    const page = await store.readAll({ fromPosition: 100n, maxCount: 10 });
    expect(page.map((event) => event.globalPosition)).toEqual([200n, 300n]);
    expect(client.readAllCalls.map((call) => call.fromPosition)).toEqual([
      { commit: 100n, prepare: 100n },
      { commit: 100n, prepare: 100n },
    ]);
  });

  it('reads the head again', async () => {
    const client = createFakeClient({ reads: [{ error: new UnavailableError() }, [esdbEvent(900n)]] });
    const { store } = storeOver(client);
    await expect(store.readHeadPosition()).resolves.toBe(900n);
    expect(client.readAllCalls).toEqual([1, 2].map(() => ({ fromPosition: 'end', direction: 'backwards' })));
  });
});
