import { FILES_PATHS, type UploadedFile } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { definitionOf, payloadField, payloadGroup, renderForm, stacked } from './fixtures.tsx';
import { FAKE_PNG, stubCanvas, stubXhr } from './network-kit.ts';

// Controls of a running app (the item editor passes a runtime): files go to the server.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const RUNTIME = { moduleId: 'm-1' };
const stored = (key: string, name: string, type = 'application/pdf'): UploadedFile => ({
  uid: `uid-${key}`,
  url: `${FILES_PATHS.getFile}?key=${key}`,
  name,
  status: 'done',
  fileKey: key,
  type,
  size: 4,
});
const fileInput = (group: HTMLElement) => group.querySelector('input[type="file"]') as HTMLInputElement;
const choose = (group: HTMLElement, file: File) =>
  fireEvent.change(fileInput(group), { target: { files: [file] } });

describe('controls in a running app', { timeout: 60_000 }, () => {
  it('uploads files as multipart with the app and field, stores the answer, links and removes them', async () => {
    authStore.signIn(adminSession);
    const calls = mockFetch({
      [`POST ${FILES_PATHS.upload}`]: ok([stored('k-1', 'contract.pdf')]),
      [`POST ${FILES_PATHS.removeFileByKey}`]: ok(null),
    });
    const sent = stubXhr();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([payloadGroup('files', [payloadField('multi-file', 'papers', 'Papers')])]),
      runtime: RUNTIME,
      onValues: (values) => seen.push(values),
    });
    const papers = await screen.findByLabelText('Papers', undefined, { timeout: 15_000 });
    choose(papers, new File(['%PDF'], 'contract.pdf', { type: 'application/pdf' }));

    await waitFor(() => expect(seen.at(-1)?.papers).toEqual([stored('k-1', 'contract.pdf')]));
    expect(sent).toHaveLength(1);
    const form = sent[0]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('moduleId')).toBe('m-1');
    expect(form.get('fieldName')).toBe('papers');
    expect((form.getAll('file')[0] as File).name).toBe('contract.pdf');
    expect(sent[0]?.headers.Authorization).toBe('Bearer jwt-token');
    expect(sent[0]?.withCredentials).toBe(true);
    expect(sent[0]?.url).toBe(`${FILES_PATHS.upload}?moduleId=m-1&fieldName=papers`);

    // The name opens the file with the token in its address; the permalink goes to the clipboard.
    const link = await within(papers).findByRole('link', { name: 'contract.pdf' });
    expect(link.getAttribute('href')).toBe(`${FILES_PATHS.getFile}?key=k-1&x-token=jwt-token`);
    fireEvent.click(within(papers).getByRole('button', { name: 'Copy the link to contract.pdf' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/permalink/file?key=k-1`),
    );

    // Removing a file this form uploaded also removes it from storage.
    fireEvent.click(within(papers).getByRole('button', { name: /Remove file/i }));
    await waitFor(() => expect(seen.at(-1)?.papers).toEqual([]));
    await waitFor(() =>
      expect(calls.find((call) => call.url === FILES_PATHS.removeFileByKey)?.body).toBe('{"key":"k-1"}'),
    );
  });

  it('shows the server refusal in the reader’s language and keeps the value', async () => {
    authStore.signIn(adminSession);
    mockFetch({ [`POST ${FILES_PATHS.upload}`]: fail(400, 'The file is larger than the 25 MB allowed.') });
    stubXhr();
    const seen: Record<string, unknown>[] = [];
    const kept = stored('k-0', 'old.pdf');
    renderForm({
      definition: definitionOf([payloadGroup('files', [payloadField('file', 'doc', 'Doc')])]),
      initial: { doc: kept },
      runtime: RUNTIME,
      onValues: (values) => seen.push(values),
    });
    const doc = await screen.findByLabelText('Doc', undefined, { timeout: 15_000 });
    choose(doc, new File(['x'], 'huge.pdf', { type: 'application/pdf' }));
    expect((await within(doc).findByRole('alert')).textContent).toBe(
      'The file is larger than the 25 MB allowed.',
    );
    expect(seen.every((values) => values.doc === kept)).toBe(true);

    await i18n.changeLanguage('de');
    await waitFor(() =>
      expect(within(doc).getByRole('alert').textContent).toBe(
        'Die Datei ist größer als die erlaubten 25 MB.',
      ),
    );
  });

  it('a saved record’s file is dropped from the value without removing it from storage', async () => {
    authStore.signIn(adminSession);
    const calls = mockFetch({});
    const seen: Record<string, unknown>[] = [];
    renderForm({
      definition: definitionOf([payloadGroup('files', [payloadField('file', 'doc', 'Doc')])]),
      initial: { doc: stored('k-9', 'saved.pdf') },
      runtime: RUNTIME,
      onValues: (values) => seen.push(values),
    });
    const doc = await screen.findByLabelText('Doc', undefined, { timeout: 15_000 });
    fireEvent.click(within(doc).getByRole('button', { name: /Remove file/i }));
    await waitFor(() => expect(seen.at(-1)?.doc).toBeNull());
    expect(calls.some((call) => call.url.includes('RemoveFileByKey'))).toBe(false);
  });

  it('shows image thumbnails and file links with the token when read-only', async () => {
    authStore.signIn(adminSession);
    mockFetch({});
    renderForm({
      definition: definitionOf([
        payloadGroup(
          'files',
          stacked([payloadField('image', 'photo', 'Photo'), payloadField('multi-file', 'papers', 'Papers')]),
        ),
      ]),
      initial: {
        photo: stored('img-1', 'site.png', 'image/png'),
        papers: [stored('p-1', 'a.pdf'), stored('p-2', 'b.pdf')],
      },
      readOnly: true,
      runtime: RUNTIME,
    });
    const photo = await screen.findByLabelText('Photo', undefined, { timeout: 15_000 });
    await waitFor(() =>
      expect(photo.querySelector('img')?.getAttribute('src')).toBe(
        `${FILES_PATHS.getFile}?key=img-1&x-token=jwt-token`,
      ),
    );
    const papers = screen.getByLabelText('Papers');
    expect(
      within(papers)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['a.pdf', 'b.pdf']);
    expect(within(papers).queryByRole('button', { name: /Select files|Remove file/ })).toBeNull();
  });

  it('uploads a drawn signature as base64 once the strokes pause, and shows it read-only', async () => {
    authStore.signIn(adminSession);
    stubCanvas();
    const signature = stored('sig-1', 'sig.png', 'image/png');
    const calls = mockFetch({ [`POST ${FILES_PATHS.uploadBase64}`]: ok(signature) });
    const seen: Record<string, unknown>[] = [];
    const definition = definitionOf([payloadGroup('sign', [payloadField('signature', 'sig', 'Signature')])]);
    const { unmount } = renderForm({ definition, runtime: RUNTIME, onValues: (values) => seen.push(values) });
    const pad = await screen.findByRole('img', { name: 'Signature pad for Signature' }, { timeout: 15_000 });
    fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(pad, { clientX: 40, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(pad, { clientX: 40, clientY: 30, pointerId: 1 });

    await waitFor(() => expect(seen.at(-1)?.sig).toEqual(signature), { timeout: 5000 });
    const upload = calls.filter((call) => call.url === FILES_PATHS.uploadBase64);
    expect(upload).toHaveLength(1);
    expect(JSON.parse(upload[0]?.body ?? '{}')).toEqual({
      fileName: 'sig.png',
      base64: FAKE_PNG,
      moduleId: 'm-1',
      fieldName: 'sig',
    });
    unmount();

    renderForm({ definition, runtime: RUNTIME, readOnly: true, initial: { sig: signature } });
    const shown = await screen.findByRole('img', { name: 'Signature' }, { timeout: 15_000 });
    expect(shown.getAttribute('src')).toBe(`${FILES_PATHS.getFile}?key=sig-1&x-token=jwt-token`);
  });
});
