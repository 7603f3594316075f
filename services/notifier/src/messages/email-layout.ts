// The site's look in an email: inline styles only (mail clients drop <style> and classes),
// a table layout, the brand's deep green and gold, and a plain-text twin for every email.

import { escapeHtml } from './escape.ts';

const BRAND = '#156144';
const BRAND_DARK = '#0f402f';
const GOLD = '#d4962a';
const FONT = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export type EmailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: readonly (readonly [string, string])[] }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'note'; text: string };

const renderBlock = (block: EmailBlock): string => {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2937">${escapeHtml(block.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;padding:12px 14px;border-left:4px solid ${GOLD};background:#fdf9ec;font-size:14px;line-height:1.5;color:#374151">${escapeHtml(block.text)}</p>`;
    case 'facts':
      return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 0;font-size:14px;color:#6b7280;width:45%">${escapeHtml(label)}</td><td style="padding:6px 0;font-size:14px;color:#111827;font-weight:600">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'button':
      return `<p style="margin:8px 0 20px"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${BRAND};color:#ffffff;font-weight:600;font-size:15px;text-decoration:none">${escapeHtml(block.label)}</a></p>`;
    default: {
      const never: never = block;
      throw new Error(`unknown email block ${JSON.stringify(never)}`);
    }
  }
};

const textOf = (block: EmailBlock): string => {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return block.text;
    case 'facts':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'button':
      return `${block.label}: ${block.href}`;
    default: {
      const never: never = block;
      throw new Error(`unknown email block ${JSON.stringify(never)}`);
    }
  }
};

export type EmailContent = {
  heading: string;
  greeting: string;
  blocks: readonly EmailBlock[];
  footer: string;
  /** A marketing email's unsubscribe page (the footer links it; RFC 8058 headers carry the one-click URL). */
  unsubscribeHref?: string;
};

const UNSUBSCRIBE_TEXT = 'You receive this because you reserved a slot. Unsubscribe from marketing emails';

export const renderEmail = (content: EmailContent): { html: string; text: string } => {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:${FONT}">
<table role="presentation" style="width:100%;border-collapse:collapse;background:#f3f4f6"><tr><td style="padding:24px 12px">
<table role="presentation" style="width:100%;max-width:600px;margin:0 auto;border-collapse:collapse;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="padding:20px 24px;background:${BRAND_DARK};color:#ffffff;font-size:20px;font-weight:700;letter-spacing:0.5px">Acres<span style="color:${GOLD}">.</span></td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${BRAND_DARK}">${escapeHtml(content.heading)}</h1>
<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2937">${escapeHtml(content.greeting)}</p>
${content.blocks.map(renderBlock).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px;background:#effaf4;font-size:12px;line-height:1.5;color:#4b5563">${escapeHtml(content.footer)}${
    content.unsubscribeHref
      ? `<br><br>${escapeHtml(UNSUBSCRIBE_TEXT)}: <a href="${escapeHtml(content.unsubscribeHref)}" style="color:${BRAND};text-decoration:underline">unsubscribe</a>.`
      : ''
  }</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    content.heading,
    '',
    content.greeting,
    '',
    ...content.blocks.map(textOf).flatMap((part) => [part, '']),
    '--',
    content.footer,
    ...(content.unsubscribeHref ? ['', `${UNSUBSCRIBE_TEXT}: ${content.unsubscribeHref}`] : []),
  ].join('\n');
  return { html, text };
};
