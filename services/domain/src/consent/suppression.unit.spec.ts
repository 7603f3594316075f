import { describe, it } from 'vitest';
import { givenFor } from '../../test/given.ts';
import { suppressionDecider, type Resume, type Suppress, type SuppressionEvent } from './suppression.ts';

const given = givenFor(suppressionDecider);
const now = new Date('2026-11-28T09:00:00.000Z');
const digest = '0123456789abcdef0123456789abcdef01234567';
const request = { digest, channel: 'email', purpose: 'marketing', by: null, withoutAddress: false, now } as const;
const suppress = (source: Suppress['source']): Suppress => ({ ...request, type: 'Suppress', source });
const resume = (source: Resume['source']): Resume => ({ ...request, type: 'Resume', source });
const data = (source: Suppress['source']) => ({
  digest,
  channel: 'email' as const,
  purpose: 'marketing' as const,
  source,
  at: now.toISOString(),
  by: null,
  withoutAddress: false,
});
const suppressed = (source: Suppress['source']): SuppressionEvent => ({ type: 'MessagingSuppressed', data: data(source) });
const resumed = (source: Suppress['source']): SuppressionEvent => ({ type: 'MessagingResumed', data: data(source) });

describe('suppression of one address on one channel', () => {
  it('suppresses on an unsubscribe, and a second one records nothing', () => {
    given([])
      .when(suppress('unsubscribe'))
      .then([suppressed('unsubscribe')]);
    given([suppressed('unsubscribe')])
      .when(suppress('stop'))
      .then([]);
  });

  it('resumes only what is suppressed', () => {
    given([suppressed('stop')])
      .when(resume('start'))
      .then([resumed('start')]);
    given([]).when(resume('dashboard')).then([]);
    given([suppressed('stop'), resumed('start')])
      .when(resume('admin'))
      .then([]);
  });
});
