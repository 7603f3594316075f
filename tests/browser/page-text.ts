import type { Locator, Page } from 'playwright-core';
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
