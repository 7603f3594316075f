import './zod-csp';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';

describe('the zod configuration set before zod loads', () => {
  it('is the one zod uses: no parser is compiled with Function()', () => {
    expect(z.config().jitless).toBe(true);
    // An object schema built now parses without eval (it would throw under the site's CSP).
    expect(z.object({ name: z.string() }).parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
  });
});
