// The due-diligence room's calls for the whole-product specs: a staff member's upload (the
// uploads slice's URL and PUT, with the admin's credentials), a document and its versions, a lead.

import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { validLead } from '@acres/fixtures';
import { send } from '../../../tests/browser/fixtures/api.ts';
import { adminFetch, TEST_ADMIN_AUTHORIZATION } from './spec-helpers.ts';

/** A small but real PDF: the header the server sniffs, one empty page, the trailer. */
export const pdfBytes = (marker = 'v1') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

/** The first bytes of a 1 × 1 PNG: signature and IHDR, all the sniffing reads. */
export const pngBytes = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from('IHDR', 'latin1'),
    Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89]),
    Buffer.alloc(64),
  ]);

export const createRoomCalls = (baseUrl: string) => {
  const admin = (path: string, init: { method?: string; json?: unknown } = {}) => adminFetch(baseUrl, path, init);

  /** POST /api/objects/upload as staff, then the PUT of the bytes: the PUT's answer. */
  const putDocument = async (bytes: Buffer, contentType = 'application/octet-stream') => {
    const issued = await admin('/api/objects/upload', { method: 'POST', json: { purpose: 'due-diligence-document' } });
    expect(issued.status, await issued.clone().text()).toBe(200);
    const { uploadURL } = (await issued.json()) as { uploadURL: string };
    return fetch(new URL(uploadURL, baseUrl), {
      method: 'PUT',
      headers: { authorization: TEST_ADMIN_AUTHORIZATION, origin: baseUrl, 'content-type': contentType },
      body: new Uint8Array(bytes),
    });
  };

  const uploadDocumentFile = async (bytes: Buffer) => {
    const put = await putDocument(bytes);
    expect(put.status, await put.clone().text()).toBe(200);
    return ((await put.json()) as { objectPath: string }).objectPath;
  };

  return {
    admin,
    putDocument,
    uploadDocumentFile,
    addDocument: async (body: { title: string; category: string; bytes: Buffer }) => {
      const objectPath = await uploadDocumentFile(body.bytes);
      const response = await admin('/api/admin/documents', {
        method: 'POST',
        json: { title: body.title, category: body.category, objectPath },
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as { id: string; version: number; position: string };
    },
    addLead: async (email: string) => {
      const response = await send(baseUrl, '/api/leads', { method: 'POST', json: validLead({ email }) });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    },
  };
};

/** A staff member's PDF, uploaded through `app.inject`: the path a document's sample names. */
export const injectDocumentUpload = async (app: FastifyInstance, authorization: string) => {
  const headers = { authorization };
  const issued = await app.inject({
    method: 'POST',
    url: '/api/objects/upload',
    headers,
    payload: { purpose: 'due-diligence-document' },
  });
  expect(issued.statusCode, issued.body).toBe(200);
  const { uploadURL } = issued.json<{ uploadURL: string }>();
  const put = await app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { ...headers, 'content-type': 'application/pdf' },
    payload: pdfBytes(),
  });
  expect(put.statusCode, put.body).toBe(200);
  return put.json<{ objectPath: string }>().objectPath;
};

/**
 * The room's commands that name an uploaded file, for the OpenAPI spec: `upload` puts a real
 * staff PDF first, and `samples` are valid bodies naming it.
 */
export const createDocumentSamples = () => {
  let objectPath = '';
  return {
    upload: async (app: FastifyInstance, authorization: string) => {
      objectPath = await injectDocumentUpload(app, authorization);
    },
    /** Whether a route's body names an uploaded file (the fuzz's sample names one never uploaded). */
    namesUpload: (name: string) => name === 'POST /api/payments' || name.startsWith('POST /api/admin/documents'),
    samples: {
      'POST /api/admin/documents': [() => ({ title: 'Survey plan', category: 'survey-plans', objectPath })],
      'POST /api/admin/documents/:id/versions': [() => ({ objectPath })],
    } as Record<string, (() => unknown)[]>,
  };
};

export const DOCUMENT_SAMPLES = createDocumentSamples();
