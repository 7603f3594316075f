import { LOGIN_REDIRECT_DELAY_MS } from '@acres/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginUrl, readReturnTo, scheduleLoginRedirect } from './login-redirect';

describe('readReturnTo', () => {
  it('keeps a same-origin path with its query', () => {
    expect(readReturnTo('?returnTo=%2Fdashboard%3Ftab%3D2')).toBe('/dashboard?tab=2');
  });

  it.each([
    ['no returnTo', ''],
    ['the bare root, which the server sends when none was given', '?returnTo=%2F'],
    ['another origin', '?returnTo=https%3A%2F%2Fevil.example'],
    ['a protocol-relative URL', '?returnTo=%2F%2Fevil.example'],
    ['a backslash trick', '?returnTo=%2F%5Cevil.example'],
    ['a relative path', '?returnTo=dashboard'],
  ])('falls back to the dashboard for %s', (_, search) => {
    expect(readReturnTo(search)).toBe('/dashboard');
  });
});

describe('loginUrl', () => {
  it('keeps slashes readable and escapes the rest', () => {
    expect(loginUrl('/dashboard')).toBe('/api/login?returnTo=/dashboard');
    expect(loginUrl('/a?b=1&c=2')).toBe('/api/login?returnTo=/a%3Fb%3D1%26c%3D2');
  });
});

describe('scheduleLoginRedirect', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { setTimeout, clearTimeout });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('goes to the login path only once the delay has passed', () => {
    const navigate = vi.fn();
    scheduleLoginRedirect('/dashboard', navigate);
    vi.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/api/login?returnTo=/dashboard');
  });

  it('does not go when cancelled first', () => {
    const navigate = vi.fn();
    const cancel = scheduleLoginRedirect('/dashboard', navigate);
    cancel();
    vi.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS * 2);
    expect(navigate).not.toHaveBeenCalled();
  });
});
