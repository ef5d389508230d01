import { access } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES_MESSAGES, FILES_PATHS } from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  P,
  createApp,
  field,
  grantApps,
  saveForm,
  section,
  tenantId,
} from '../../apps/__tests__/app-fixtures.ts';
import { PDF, PNG, CSV, getFile, upload, uploadOne } from './file-fixtures.ts';

// Who may read and remove a stored file, the token in the query for <img src>, tenants kept apart,
// and how the bytes are served.

let server: TestServer;
let filesDir: string;
let fred: TestClient; // FULL_USER: a builder
let uma: TestClient; // USER with view + create on the app
let vic: TestClient; // USER with view only
let wes: TestClient; // USER without any grant
let gus: TestClient; // another tenant
let appId: string;

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'formloop-files-'));
  server = await createTestServer({ FILES_DIR: filesDir });
  const sign = async (
    label: string,
    username: string,
    kind: 'FULL_USER' | 'USER' | 'SYSTEM_ADMINISTRATOR',
  ) => {
    await server.createUser(label, { username, password: `${username}-pass`, kind });
    const client = server.client(label);
    await client.signIn(username, `${username}-pass`);
    return client;
  };
  fred = await sign('acme', 'fred', 'FULL_USER');
  uma = await sign('acme', 'uma', 'USER');
  vic = await sign('acme', 'vic', 'USER');
  wes = await sign('acme', 'wes', 'USER');
  gus = await sign('globex', 'gus', 'SYSTEM_ADMINISTRATOR');
  appId = await createApp(fred, 'Claims');
  const form = [
    section('main', [
      [field('file', 'receipt'), field('image', 'photo', { accept: '.png', maxSizeMb: 1 } as never)],
    ]),
  ];
  expect((await saveForm(fred, appId, form)).statusCode).toBe(200);
  expect((await fred.post(P.publish, { id: appId })).statusCode).toBe(200);
  await grantApps(server, 'acme', 'uma', [{ appId }, { appId, action: 'create' }]);
  await grantApps(server, 'acme', 'vic', [{ appId }]);
});
afterAll(async () => {
  await server?.close();
  await rm(filesDir, { recursive: true, force: true });
});

const remove = (client: TestClient, key: string) => client.post(FILES_PATHS.removeFileByKey, { key });
const inApp = () => `?moduleId=${appId}&fieldName=receipt`;

describe('reading a file', () => {
  it('lets the uploader read a file of no app, and nobody else (404, builders included)', async () => {
    const file = await uploadOne(server, uma, 'mine.pdf', PDF);
    expect((await getFile(server, uma, file.fileKey)).statusCode).toBe(200);
    for (const other of [fred, vic, wes]) {
      const res = await getFile(server, other, file.fileKey);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(FILES_MESSAGES.notFound);
    }
  });

  it('lets everyone who may see the app read its files', async () => {
    const file = await uploadOne(server, uma, 'receipt.pdf', PDF, inApp());
    const { rows } = await server.owner.query(
      'SELECT module_id, field_name FROM stored_files WHERE file_key = $1',
      [file.fileKey],
    );
    expect(rows[0]).toEqual({ module_id: appId, field_name: 'receipt' });
    expect((await getFile(server, vic, file.fileKey)).statusCode).toBe(200);
    expect((await getFile(server, fred, file.fileKey)).statusCode).toBe(200);
    expect((await getFile(server, wes, file.fileKey)).statusCode).toBe(404);
    const info = await vic.get(`${FILES_PATHS.fileInfo}?key=${file.fileKey}`);
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({
      fileKey: file.fileKey,
      name: 'receipt.pdf',
      type: 'application/pdf',
      size: PDF.length,
    });
    expect((await wes.get(`${FILES_PATHS.fileInfo}?key=${file.fileKey}`)).statusCode).toBe(404);
  });

  it('refuses uploads into an app the caller may not add to (403) or not see (404)', async () => {
    const viewer = await upload(server, vic, [{ name: 'file', filename: 'a.pdf', content: PDF }], inApp());
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().message).toBe(FILES_MESSAGES.notAllowedUpload);
    const stranger = await upload(server, wes, [{ name: 'file', filename: 'a.pdf', content: PDF }], inApp());
    expect(stranger.statusCode).toBe(404);
    const malformed = await upload(
      server,
      uma,
      [{ name: 'file', filename: 'a.pdf', content: PDF }],
      '?moduleId=nope',
    );
    expect(malformed.statusCode).toBe(404);
  });

  it('applies the field’s own accepted types and size', async () => {
    const pdf = await upload(
      server,
      uma,
      [{ name: 'file', filename: 'a.pdf', content: PDF }],
      `?moduleId=${appId}&fieldName=photo`,
    );
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe(FILES_MESSAGES.typeNotAllowed);
    const png = await upload(
      server,
      uma,
      [{ name: 'file', filename: 'a.png', content: PNG }],
      `?moduleId=${appId}&fieldName=photo`,
    );
    expect(png.statusCode, png.body).toBe(200);
  });

  it('takes the token from ?x-token= for <img src>, checked like the header', async () => {
    const file = await uploadOne(server, uma, 'pixel.png', PNG);
    const viaQuery = await getFile(server, uma, file.fileKey, { viaQuery: true });
    expect(viaQuery.statusCode).toBe(200);
    expect(viaQuery.rawPayload.equals(PNG)).toBe(true);
    expect(
      (await getFile(server, uma, file.fileKey, { viaQuery: true, token: 'forged.token.value' })).statusCode,
    ).toBe(401);
    const anonymous = await server.app.inject({
      method: 'GET',
      url: `${FILES_PATHS.getFile}?key=${file.fileKey}`,
      headers: { host: uma.host },
    });
    expect(anonymous.statusCode).toBe(401);
    // A token minted for another tenant is not valid on this host, in the query either.
    expect((await getFile(server, uma, file.fileKey, { viaQuery: true, token: gus.token! })).statusCode).toBe(
      401,
    );
  });

  it('answers 404 for another tenant’s key, and for malformed keys', async () => {
    const theirs = await uploadOne(server, gus, 'theirs.png', PNG);
    expect((await getFile(server, fred, theirs.fileKey)).statusCode).toBe(404);
    expect((await remove(fred, theirs.fileKey)).statusCode).toBe(404);
    expect((await fred.get(`${FILES_PATHS.fileInfo}?key=${theirs.fileKey}`)).statusCode).toBe(404);
    for (const key of ['../../etc/passwd', 'a/b', '..', `${theirs.fileKey}/x`]) {
      expect((await getFile(server, gus, key)).statusCode, key).toBe(404);
    }
    expect((await getFile(server, gus, theirs.fileKey)).statusCode).toBe(200);
  });
});

describe('serving a file', () => {
  it('sends nosniff, a sandbox CSP, private caching, inline for images and pdf only', async () => {
    // Through UploadBase64: a multipart header cannot carry the quotes of this name.
    const sent = await uma.post(FILES_PATHS.uploadBase64, {
      fileName: 'Résumé ✓ "final".png',
      base64: PNG.toString('base64'),
    });
    const png = sent.json().data as { fileKey: string };
    const res = await getFile(server, uma, png.fileKey);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'cache-control': 'private, max-age=3600',
    });
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="R_sum_ _ _final_.png"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E2%9C%93%20%22final%22.png`,
    );
    const download = await getFile(server, uma, png.fileKey, { extra: '&download=1' });
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    const csv = await uploadOne(server, uma, 'sheet.csv', CSV);
    expect((await getFile(server, uma, csv.fileKey)).headers['content-disposition']).toMatch(/^attachment; /);
    const again = await getFile(server, uma, png.fileKey, {
      headers: { 'if-none-match': `"${png.fileKey}"` },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('RemoveFileByKey', () => {
  const stored = async (key: string) => {
    const tenant = await tenantId(server, 'acme');
    return access(path.join(filesDir, tenant, key.slice(0, 2), key)).then(
      () => true,
      () => false,
    );
  };

  it('lets the uploader remove a file not yet attached, removing row and bytes, audited', async () => {
    const file = await uploadOne(server, uma, 'draft.pdf', PDF, inApp());
    expect(await stored(file.fileKey)).toBe(true);
    const res = await remove(uma, file.fileKey);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(file.fileKey)).toBe(false);
    expect((await getFile(server, uma, file.fileKey)).statusCode).toBe(404);
    const { rows } = await server.owner.query(
      `SELECT action, before, after FROM audit_log WHERE entity = 'file' AND entity_id = $1 ORDER BY id`,
      [file.uid],
    );
    expect(rows.map((row) => row.action)).toEqual(['uploaded', 'removed']);
    expect(rows[1]).toMatchObject({ before: { fileKey: file.fileKey }, after: null });
  });

  it('once attached to an entry, only those who may edit the app’s entries remove it', async () => {
    const file = await uploadOne(server, uma, 'kept.pdf', PDF, inApp());
    const { rows } = await server.owner.query(
      `INSERT INTO records (tenant_id, module_id, module_version, data, is_draft)
       VALUES ($1, $2, 1, '{}', false) RETURNING id`,
      [await tenantId(server, 'acme'), appId],
    );
    await server.owner.query('UPDATE stored_files SET record_id = $2 WHERE file_key = $1', [
      file.fileKey,
      rows[0].id,
    ]);
    const refused = await remove(uma, file.fileKey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(FILES_MESSAGES.notAllowedRemove);
    expect((await remove(vic, file.fileKey)).statusCode).toBe(403);
    expect((await remove(wes, file.fileKey)).statusCode).toBe(404);
    expect(await stored(file.fileKey)).toBe(true);
    expect((await remove(fred, file.fileKey)).statusCode).toBe(200);
    expect(await stored(file.fileKey)).toBe(false);
  });
});
