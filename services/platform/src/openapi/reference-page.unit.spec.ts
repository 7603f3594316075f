import { describe, expect, it } from 'vitest';
import { operationAnchor, renderReferencePage } from './reference-page.ts';

const hostile = '<script>alert(1)</script>" onmouseover="x';

const document = {
  openapi: '3.1.0',
  info: { title: `Acres ${hostile}`, version: '1.2.3', description: hostile },
  components: { securitySchemes: { adminBasic: { type: 'http', scheme: 'basic', description: hostile } } },
  paths: {
    '/api/things/{id}': {
      put: {
        tags: ['things'],
        summary: hostile,
        security: [{ adminBasic: [] }],
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string', format: 'uuid' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  [hostile]: { type: 'string', pattern: '^<b>$', description: hostile },
                  count: { type: 'integer', minimum: 1 },
                },
                required: ['count'],
              },
            },
          },
        },
        responses: { 200: { description: hostile } },
      },
    },
  },
};

describe('the API reference page', () => {
  const html = renderReferencePage(document, { stylesheet: '/api/docs/reference.css', documentUrl: '/api/openapi.json' });

  it('escapes every text from the document: no markup, no script, no attribute gets in', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+="/i);
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
  });

  it('shows the operation with its parameters, body fields, security and responses', () => {
    expect(html).toContain(`id="${operationAnchor('put', '/api/things/{id}')}"`);
    expect(html).toContain('<code class="path">/api/things/{id}</code>');
    expect(html).toContain('Requires <code>adminBasic</code> (HTTP basic)');
    expect(html).toContain('<code class="name">count</code> <span class="required">required</span>');
    expect(html).toContain('format <code>uuid</code>');
    expect(html).toContain('<link rel="stylesheet" href="/api/docs/reference.css">');
  });
});
