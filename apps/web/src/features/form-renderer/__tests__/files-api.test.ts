import { FILES_PATHS } from '@formloop/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { fileHref, filePermalink } from '../../files/file-links.ts';
import { removeUnsavedFile, uploadBase64, uploadFiles } from '../runtime/files-api.ts';
import { stubXhr } from './network-kit.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const answer = [
  {
    uid: 'u',
    url: `${FILES_PATHS.getFile}?key=k`,
    name: 'a.txt',
    status: 'done',
    fileKey: 'k',
    type: 'text/plain',
    size: 1,
  },
];

describe('file calls', () => {
  it('send multipart through fetch when no progress is asked for', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ success: true, message: '', data: answer }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const stored = await uploadFiles([new File(['x'], 'a.txt', { type: 'text/plain' })], {
      fieldName: 'doc',
    });
    expect(stored).toEqual(answer);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`${FILES_PATHS.upload}?fieldName=doc`);
    expect(init?.body).toBeInstanceOf(FormData);
    // The browser writes the multipart content type with its boundary: we must not set one.
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('report upload progress through XMLHttpRequest and turn refusals into errors', async () => {
    mockFetch({ [`POST ${FILES_PATHS.upload}`]: fail(400, 'Files of this type are not allowed.') });
    stubXhr();
    const progress: number[] = [];
    await expect(
      uploadFiles([new File(['x'], 'a.exe')], { moduleId: 'm' }, { onProgress: (p) => progress.push(p) }),
    ).rejects.toMatchObject({ status: 400, message: 'Files of this type are not allowed.' });
    expect(progress).toEqual([0.5, 1]);
  });

  it('upload base64 drawings and remove unsaved files quietly', async () => {
    const calls = mockFetch({
      [`POST ${FILES_PATHS.uploadBase64}`]: ok(answer[0]),
      [`POST ${FILES_PATHS.removeFileByKey}`]: fail(400, 'attached'),
    });
    expect(await uploadBase64('s.png', 'data:image/png;base64,AA==', { moduleId: 'm' })).toEqual(answer[0]);
    expect(JSON.parse(calls[0]?.body ?? '{}')).toEqual({
      fileName: 's.png',
      base64: 'data:image/png;base64,AA==',
      moduleId: 'm',
    });
    expect(await removeUnsavedFile('k')).toBe(false);
  });

  it('build file addresses with the token and the permalink', () => {
    expect(fileHref({ fileKey: 'a b' }, 't', { download: true })).toBe(
      `${FILES_PATHS.getFile}?key=a%20b&x-token=t&download=1`,
    );
    expect(fileHref({ url: '/x?key=1', fileKey: '1' }, null)).toBe('/x?key=1');
    expect(fileHref({ url: '', fileKey: '' }, 't')).toBe('');
    expect(filePermalink('a/b')).toBe('/permalink/file?key=a%2Fb');
  });
});
