import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES_MESSAGES, FILES_PATHS, filesMessage } from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { CSV, ELF, HTML, PDF, PNG, SVG, getFile, upload, uploadOne } from './file-fixtures.ts';

// Upload and UploadBase64: the kind comes from the bytes, limits are enforced with clear messages,
// and a refused upload leaves nothing behind (no row, no file, no temp file).

let server: TestServer;
let ada: TestClient;
let filesDir: string;
const MB = 1024 * 1024;

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'formloop-files-'));
  server = await createTestServer({ FILE_MAX_MB: '1', FILES_DIR: filesDir });
  await server.createUser('acme', { username: 'ada', password: 'ada-pass', kind: 'FULL_USER' });
  ada = server.client('acme');
  await ada.signIn('ada', 'ada-pass');
});
afterAll(async () => {
  await server?.close();
  await rm(filesDir, { recursive: true, force: true });
});

/** Every file under FILES_DIR (temp files included). */
async function filesOnDisk(): Promise<string[]> {
  const entries = await readdir(filesDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
const rowCount = async () =>
  Number((await server.owner.query('SELECT count(*) AS n FROM stored_files')).rows[0].n);

describe('Upload', () => {
  it('stores a file and gives the same bytes back, with the sniffed type and the spec §3 object', async () => {
    const res = await upload(server, ada, [
      { name: 'file', filename: 'Pixel.png', type: 'image/png', content: PNG },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [file] = res.json().data;
    expect(file).toMatchObject({ name: 'Pixel.png', status: 'done', type: 'image/png', size: PNG.length });
    expect(file.fileKey).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(file.url).toBe(`${FILES_PATHS.getFile}?key=${encodeURIComponent(file.fileKey)}`);

    const got = await getFile(server, ada, file.fileKey);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');

    const { rows } = await server.owner.query(
      `SELECT action, after FROM audit_log WHERE entity = 'file' AND entity_id = $1`,
      [file.uid],
    );
    expect(rows).toEqual([{ action: 'uploaded', after: expect.objectContaining({ fileKey: file.fileKey }) }]);
  });

  it('trusts the bytes, not the client: a PNG sent as text/html is stored as image/png', async () => {
    const file = await uploadOne(server, ada, 'photo.png', PNG);
    expect(file.type).toBe('image/png');
    const res = await upload(server, ada, [
      { name: 'file', filename: 'x.png', type: 'text/html', content: PNG },
    ]);
    expect(res.json().data[0].type).toBe('image/png');
  });

  it('refuses a name whose extension contradicts the bytes', async () => {
    const before = await rowCount();
    for (const [name, content] of [
      ['report.pdf', PNG],
      ['picture.png', PDF],
      ['table.png', CSV],
    ] as const) {
      const res = await upload(server, ada, [
        { name: 'file', filename: name, type: 'application/pdf', content },
      ]);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(FILES_MESSAGES.typeMismatch);
    }
    expect(await rowCount()).toBe(before);
  });

  it('refuses executables, HTML, SVG and binary junk whatever they are called', async () => {
    for (const [name, content] of [
      ['tool', ELF],
      ['tool.exe', ELF],
      ['page.html', HTML],
      ['logo.svg', SVG],
      ['logo.svg', Buffer.concat([Buffer.from('<?xml version="1.0"?>\n'), SVG])],
      ['notes.txt', Buffer.from([0x68, 0x69, 0x00, 0x01])],
      ['data.csv', Buffer.from([0xff, 0xfe, 0x41, 0x00])],
    ] as const) {
      const res = await upload(server, ada, [{ name: 'file', filename: name, type: 'image/png', content }]);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(FILES_MESSAGES.typeNotAllowed);
    }
  });

  it('takes UTF-8 text as txt, csv or json, and serves it as text', async () => {
    const csv = await uploadOne(server, ada, 'amounts.csv', CSV);
    expect(csv.type).toBe('text/csv');
    const json = await uploadOne(server, ada, 'data.json', Buffer.from('{"a":[1,2]}'));
    expect(json.type).toBe('application/json');
    // HTML bytes under a .txt name are just text: served as text/plain, sandboxed, never as a page.
    const txt = await uploadOne(server, ada, 'page.txt', HTML);
    expect(txt.type).toBe('text/plain');
    const got = await getFile(server, ada, txt.fileKey);
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(got.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('takes several files at once, and fields as parts', async () => {
    const res = await upload(server, ada, [
      { name: 'fieldName', content: 'attachments' },
      { name: 'file', filename: 'a.png', content: PNG },
      { name: 'file', filename: 'b.pdf', content: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((f: { type: string }) => f.type)).toEqual(['image/png', 'application/pdf']);
    const { rows } = await server.owner.query('SELECT field_name FROM stored_files WHERE file_key = $1', [
      res.json().data[0].fileKey,
    ]);
    expect(rows[0].field_name).toBe('attachments');
  });

  it('refuses an upload of nothing, an empty file, too many files, and a non-multipart body', async () => {
    const none = await upload(server, ada, [{ name: 'moduleId', content: '' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(FILES_MESSAGES.noFile);
    const empty = await upload(server, ada, [
      { name: 'file', filename: 'empty.txt', content: Buffer.alloc(0) },
    ]);
    expect(empty.json().message).toBe(FILES_MESSAGES.noFile);
    const many = await upload(
      server,
      ada,
      Array.from({ length: 21 }, (_unused, i) => ({ name: 'file', filename: `p${i}.png`, content: PNG })),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe(filesMessage.tooManyFiles());
    const json = await ada.post(FILES_PATHS.upload, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(FILES_MESSAGES.noFile);
  });

  it('takes a file of exactly FILE_MAX_MB, and refuses one byte more (413), leaving nothing behind', async () => {
    const exact = await upload(server, ada, [
      { name: 'file', filename: 'big.txt', content: Buffer.alloc(MB, 0x61) },
    ]);
    expect(exact.statusCode, exact.body).toBe(200);

    const before = await rowCount();
    const onDisk = await filesOnDisk();
    const over = await upload(server, ada, [
      { name: 'file', filename: 'small.png', content: PNG },
      { name: 'file', filename: 'big.txt', content: Buffer.alloc(MB + 1, 0x61) },
    ]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ success: false, message: filesMessage.tooLarge(1) });
    expect(await rowCount()).toBe(before);
    expect(await filesOnDisk()).toEqual(onDisk);
  });

  it('refuses anonymous callers', async () => {
    const anonymous = server.client('acme');
    const res = await upload(server, anonymous, [{ name: 'file', filename: 'a.png', content: PNG }]);
    expect(res.statusCode).toBe(401);
  });
});

describe('UploadBase64', () => {
  it('takes base64 text and a data URL (as a signature canvas gives it)', async () => {
    const plain = await ada.post(FILES_PATHS.uploadBase64, {
      fileName: 'sig.png',
      base64: PNG.toString('base64'),
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data).toMatchObject({
      name: 'sig.png',
      type: 'image/png',
      size: PNG.length,
      status: 'done',
    });

    const dataUrl = `data:image/png;base64,${PNG.toString('base64')}`;
    const canvas = await ada.post(FILES_PATHS.uploadBase64, { fileName: 'signature', base64: dataUrl });
    expect(canvas.statusCode, canvas.body).toBe(200);
    // A name without an extension gets the sniffed one.
    expect(canvas.json().data.name).toBe('signature.png');
    const got = await getFile(server, ada, canvas.json().data.fileKey);
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });

  it('ignores the data URL’s declared type and refuses what the bytes are', async () => {
    const lying = `data:image/png;base64,${HTML.toString('base64')}`;
    const res = await ada.post(FILES_PATHS.uploadBase64, { fileName: 'sig.png', base64: lying });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FILES_MESSAGES.typeMismatch);
    const svg = await ada.post(FILES_PATHS.uploadBase64, {
      fileName: 'x.svg',
      base64: SVG.toString('base64'),
    });
    expect(svg.json().message).toBe(FILES_MESSAGES.typeNotAllowed);
  });

  it('refuses text that is not base64, and files over the limit', async () => {
    const bad = await ada.post(FILES_PATHS.uploadBase64, { fileName: 'a.png', base64: 'not base64 at all!' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(FILES_MESSAGES.badBase64);
    const big = Buffer.alloc(MB + 10, 0x61).toString('base64');
    const over = await ada.post(FILES_PATHS.uploadBase64, { fileName: 'big.txt', base64: big });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(filesMessage.tooLarge(1));
    // Far over: refused by the body limit, with the same message.
    const huge = Buffer.alloc(3 * MB, 0x61).toString('base64');
    const farOver = await ada.post(FILES_PATHS.uploadBase64, { fileName: 'huge.txt', base64: huge });
    expect(farOver.statusCode).toBe(413);
    expect(farOver.json()).toMatchObject({ success: false, message: filesMessage.tooLarge(1) });
  });
});
