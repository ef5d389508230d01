import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { FILES_PATHS } from '@formloop/contracts';
import type { TestClient, TestServer } from '../../../../test/harness.ts';

// Sample bytes and a multipart body builder for the files integration tests.

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
/** The start of a 64-bit ELF executable. */
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0)]);
export const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const CSV = Buffer.from('name,amount\nÄrger,12.5\n');

export interface Part {
  name: string;
  content: Buffer | string;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----formloop${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type =
      part.filename !== undefined ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST Upload with these parts as the client (its bearer token, its host). */
export async function upload(server: TestServer, client: TestClient, parts: Part[], query = '') {
  const { payload, contentType } = multipartBody(parts);
  const response = await server.app.inject({
    method: 'POST',
    url: `${FILES_PATHS.upload}${query}`,
    headers: {
      host: client.host,
      'content-type': contentType,
      ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
    },
    payload,
  });
  return Object.assign(response, { body: response.body });
}

/** Uploads one file and answers its stored object (expects success). */
export async function uploadOne(
  server: TestServer,
  client: TestClient,
  filename: string,
  content: Buffer,
  query = '',
) {
  const res = await upload(server, client, [{ name: 'file', filename, content }], query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as {
    uid: string;
    url: string;
    name: string;
    fileKey: string;
    type: string;
    size: number;
  };
}

/** GET a file's bytes as this client (token in the header, or in the query when asked). */
export async function getFile(
  server: TestServer,
  client: TestClient,
  key: string,
  options: { viaQuery?: boolean; token?: string; extra?: string; headers?: Record<string, string> } = {},
) {
  const token = options.token ?? client.token ?? '';
  const url = `${FILES_PATHS.getFile}?key=${encodeURIComponent(key)}${options.viaQuery ? `&x-token=${encodeURIComponent(token)}` : ''}${options.extra ?? ''}`;
  return server.app.inject({
    method: 'GET',
    url,
    headers: {
      host: client.host,
      ...(options.viaQuery ? {} : { authorization: `Bearer ${token}` }),
      ...options.headers,
    },
  });
}
