import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForExpression } from './harness';

/** The first match's text with runs of whitespace folded, so assertions read as the user sees the words. */
export const readText = (locator: Locator) =>
  locator
    .first()
    .textContent()
    .then((t) => (t ?? '').replace(/\s+/g, ' ').trim());

/** Waits until no animation is running, so screenshots and clicks land on the settled layout. */
export const settleAnimations = (page: Page, timeoutMs?: number) =>
  waitForExpression(page, "document.getAnimations().every((a) => a.playState !== 'running')", timeoutMs);

/** Waits for the toast titled `title` (10 s: a decision reaches the page through the projector) and answers its text. */
export const waitForToast = async (page: Page, title: string) => {
  const toast = page.getByTestId('toast');
  await expect.poll(() => readText(toast), { timeout: 10_000 }).toContain(title);
  return readText(toast);
};

/** Opens the review dialog `dialogTestId` from `row` and waits until it is headed `heading`. */
export const openReviewOf = async (page: Page, row: Locator, dialogTestId: string, heading: string) => {
  await row.click();
  const dialog = page.getByTestId(dialogTestId);
  await dialog.waitFor();
  await expect.poll(() => readText(dialog.getByRole('heading').first()), { timeout: 10_000 }).toBe(heading);
  return dialog;
};
