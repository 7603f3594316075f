// The tamper-evident log on the Audit tab (issue 14): after `npm run audit -- verify` the tab
// says up to where the log was verified, when (Lagos time) and the digest; after a payment's
// amount is edited in SQL and verify runs again, a red banner names the broken event.

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '@acres/platform/db';
import * as fixtures from './fixtures/api';
import { makePng } from './fixtures/api';
import { useBrowserApp } from './fixtures/app';
import { saveScreenshot, VIEWPORTS } from './harness';
import { readText } from './page-text';

const app = useBrowserApp();
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const audit = async (command: string) => {
  try {
    const { stdout } = await promisify(execFile)(
      `${ROOT}node_modules/.bin/tsx`,
      [`${ROOT}services/projector/src/audit-cli.ts`, command],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: app.server.databaseUrl },
      },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
};

let payment: { id: string; position: string };

beforeAll(async () => {
  await fixtures.setBusinessSettings(app.server.baseUrl, app.adminAuthorization());
  const ada = await app.signUpInvestor('Ada', 'Obi');
  payment = await fixtures.submitPayment(app.server.baseUrl, ada, 2, makePng(320, 240, [19, 78, 56], [227, 177, 55]));
});

describe('the Audit tab’s log integrity banner', () => {
  it('says in plain words when the log was checked and that nothing was altered, at 1280 and 390 px', async () => {
    expect((await audit('digest')).code).toBe(0);
    const verified = await audit('verify');
    expect(verified.stdout).toContain('OK: every link holds.');
    const digest = /Latest verified digest: position \d+, ([0-9a-f]{16})/.exec(verified.stdout)?.[1];
    expect(digest).toBeDefined();
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const { context, page } = await app.openAdmin(viewport, 'audit');
      try {
        const banner = page.getByTestId('log-integrity-verified');
        await banner.waitFor();
        // No log positions or digests on a staff screen: what was checked, when, and the answer.
        expect(await readText(banner)).toMatch(
          /^Checked on \d{1,2} \w{3} \d{4}, \d{2}:\d{2} WAT: all [\d,]+ records are as they were written\.$/,
        );
        expect(await readText(banner)).not.toContain(digest!);
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
        await banner.scrollIntoViewIfNeeded();
        await saveScreenshot(page, `log-integrity-verified-${name}`, { fullPage: false });
      } finally {
        await context.close();
      }
    }
  });

  it('turns red naming in plain words the kind of record edited in SQL, without its ids', async () => {
    const pool = createPool({ connectionString: app.server.databaseUrl, max: 1 });
    let stream = '';
    try {
      const { rows } = await pool.query<{ stream_id: string }>(
        `UPDATE events SET data = jsonb_set(data, '{amount}', '1000') WHERE type = 'PaymentProofSubmitted' AND data->>'paymentId' = $1
         RETURNING stream_id`,
        [payment.id],
      );
      stream = rows[0]!.stream_id;
    } finally {
      await pool.end();
    }
    const broken = await audit('verify');
    expect(broken.code).toBe(1);
    const { context, page } = await app.openAdmin(VIEWPORTS.desktop, 'audit');
    try {
      const banner = page.getByTestId('log-integrity-broken');
      await banner.waitFor();
      expect(await readText(banner)).toContain('A payment proof submitted record was changed after it was written.');
      expect(await readText(banner)).not.toContain(stream);
      await banner.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'log-integrity-broken-desktop', { fullPage: false });
    } finally {
      await context.close();
    }
  });
});
