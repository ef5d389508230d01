import { expect } from 'vitest';
import { RECORD_IMPORT_PATHS, importStatusPath, type ImportStatus } from '@formloop/contracts';
import type { TestClient } from '../../../../test/harness.ts';
import { P, createApp, field, saveForm, section } from '../../apps/__tests__/app-fixtures.ts';

// Arranging helpers of the import tests: a published app, multipart bodies, waiting for an import.

/**
 * A published app: title (text, required), amount (number), due (date), paid (switch), code
 * (sequence), notes (rich text), total (calculation: amount × 2).
 */
export async function publishedApp(client: TestClient, name: string): Promise<string> {
  const id = await createApp(client, name);
  const saved = await saveForm(client, id, [
    section('main', [
      [field('text', 'title', { required: true }), field('number', 'amount', { decimalPlaces: 2 })],
      [field('date', 'due'), field('switch', 'paid')],
      [
        field('sequence-number', 'code', { sequenceFormat: 'INV-{0000}' }),
        field('richtext', 'notes'),
        field('calculation-number', 'total', { formula: '{amount} * 2' }),
      ],
    ]),
  ]);
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await client.post(P.publish, { id });
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

const BOUNDARY = '----formloop-import-test';

/** A multipart body: fields in order, then the file (when given). */
export function multipart(fields: Record<string, string>, file?: { name: string; content: string }): string {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  if (file) {
    parts.push(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: text/csv\r\n\r\n${file.content}\r\n`,
    );
  }
  return `${parts.join('')}--${BOUNDARY}--\r\n`;
}

export function startImport(
  client: TestClient,
  moduleId: string,
  mapping: Record<string, string> | string,
  file?: { name: string; content: string },
) {
  return client.request('POST', `${RECORD_IMPORT_PATHS.start}?moduleId=${moduleId}`, {
    rawBody: multipart({ mapping: typeof mapping === 'string' ? mapping : JSON.stringify(mapping) }, file),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

/** Polls the status until the import is no longer running. */
export async function finished(client: TestClient, importId: string): Promise<ImportStatus> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await client.get(importStatusPath(importId));
    expect(res.statusCode, res.body).toBe(200);
    const status = res.json().data as ImportStatus;
    if (status.status !== 'running') return status;
    if (Date.now() > deadline) throw new Error(`import ${importId} still running`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
