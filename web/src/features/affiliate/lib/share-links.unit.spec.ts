import { describe, expect, it } from 'vitest';
import { buildShareTargets, referralLinkFor } from './share-links';

describe('referralLinkFor', () => {
  it('is the site origin, /?ref= and the code (SPEC 9)', () => {
    expect(referralLinkFor('TUN7K2PQ', 'https://acreswholesale.ng')).toBe('https://acreswholesale.ng/?ref=TUN7K2PQ');
    expect(referralLinkFor('AB12', 'http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/?ref=AB12');
  });
});

describe('buildShareTargets', () => {
  const link = 'https://acreswholesale.ng/?ref=TUN7K2PQ';
  const targets = Object.fromEntries(buildShareTargets(link).map((t) => [t.id, new URL(t.href)]));

  it('offers the five networks of SPEC 2 in order', () => {
    expect(buildShareTargets(link).map((t) => t.label)).toEqual(['WhatsApp', 'Twitter', 'Facebook', 'LinkedIn', 'Email']);
  });

  it('puts the link, encoded, where each network reads it', () => {
    expect(`${targets.whatsapp!.origin}${targets.whatsapp!.pathname}`).toBe('https://wa.me/');
    expect(targets.whatsapp!.searchParams.get('text')).toContain(link);
    expect(targets.twitter!.href.startsWith('https://twitter.com/intent/tweet?text=')).toBe(true);
    expect(targets.twitter!.searchParams.get('url')).toBe(link);
    expect(targets.facebook!.href.startsWith('https://www.facebook.com/sharer/sharer.php?u=')).toBe(true);
    expect(targets.facebook!.searchParams.get('u')).toBe(link);
    expect(targets.linkedin!.href.startsWith('https://www.linkedin.com/sharing/share-offsite/?url=')).toBe(true);
    expect(targets.linkedin!.searchParams.get('url')).toBe(link);
    expect(targets.email!.protocol).toBe('mailto:');
    expect(targets.email!.searchParams.get('subject')).toBeTruthy();
    expect(targets.email!.searchParams.get('body')).toContain(link);
  });

  it('does not let the link break out of its parameter', () => {
    const tricky = 'https://x.test/?ref=A&b=c#d';
    const twitter = new URL(buildShareTargets(tricky).find((t) => t.id === 'twitter')!.href);
    expect(twitter.searchParams.get('url')).toBe(tricky);
    expect(twitter.hash).toBe('');
  });
});
