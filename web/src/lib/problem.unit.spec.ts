import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { describeError, fieldErrorsFromError, parseProblem } from './problem';

const problem400 = JSON.stringify({
  type: 'about:blank',
  title: 'Bad Request',
  status: 400,
  detail: 'The request is invalid',
  errors: [{ field: 'email', message: 'Valid email is required' }],
});

describe('a problem+json error', () => {
  const error = new ApiError(400, 'Bad Request', problem400);

  it('reads the detail followed by the field errors', () => {
    expect(describeError(error)).toBe('The request is invalid — email: Valid email is required');
  });

  it('lists the field errors for the form', () => {
    expect(fieldErrorsFromError(error)).toEqual([{ field: 'email', message: 'Valid email is required' }]);
  });
});

describe('other errors', () => {
  it('keeps a short plain-text answer as "status: body"', () => {
    expect(describeError(new ApiError(409, 'Conflict', 'Already decided'))).toBe('409: Already decided');
  });

  it('hides an HTML error page behind the status text', () => {
    expect(describeError(new ApiError(502, 'Bad Gateway', '<html>nginx</html>'))).toBe('502: Bad Gateway');
  });

  it('uses the message of a network failure', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });

  it('is empty for a thrown non-error', () => {
    expect(describeError(undefined)).toBe('');
  });

  it('does not mistake arbitrary JSON for a problem', () => {
    expect(parseProblem('[1,2]')).toBeNull();
    expect(parseProblem('{"id":"x"}')).toBeNull();
  });
});
