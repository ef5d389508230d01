import { FILES_PATHS } from '@formloop/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { formatFileSize } from '../file-size.ts';
import { PermalinkFilePage } from '../pages/permalink-file-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const INFO = `GET ${FILES_PATHS.fileInfo}`;
const info = (name: string, type: string, size = 1_572_864) => ({
  fileKey: 'k-1',
  name,
  type,
  size,
  created_on: '2026-11-22T10:00:00.000Z',
});

function renderPage(path = '/permalink/file?key=k-1') {
  authStore.signIn(adminSession);
  const router = createMemoryRouter(
    [
      { path: '/permalink/file', element: <PermalinkFilePage /> },
      { path: '/', element: <div>home page</div> },
    ],
    { initialEntries: [path] },
  );
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>,
  );
}

describe('/permalink/file', { timeout: 40_000 }, () => {
  it('shows an image with its name, type and size, and downloads it', async () => {
    const calls = mockFetch({ [INFO]: ok(info('site photo.png', 'image/png')) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'site photo.png' }, { timeout: 15_000 })).toBeTruthy();
    expect(calls[0]?.url).toBe(`${FILES_PATHS.fileInfo}?key=k-1`);
    expect(screen.getByText('image/png')).toBeTruthy();
    expect(screen.getByText('1.5 MB')).toBeTruthy();
    expect(screen.getByText('2026-11-22 10:00:00')).toBeTruthy();
    const image = screen.getByRole('img', { name: 'site photo.png' });
    expect(image.getAttribute('src')).toBe(`${FILES_PATHS.getFile}?key=k-1&x-token=jwt-token`);
    expect(screen.getByRole('link', { name: /Download/ }).getAttribute('href')).toBe(
      `${FILES_PATHS.getFile}?key=k-1&x-token=jwt-token&download=1`,
    );
    expect(screen.getByRole('link', { name: /Open in a new tab/ }).getAttribute('target')).toBe('_blank');
  });

  it('previews PDFs in a frame and offers only the download for other types', async () => {
    mockFetch({ [INFO]: ok(info('contract.pdf', 'application/pdf')) });
    const { unmount } = renderPage();
    const frame = await screen.findByTitle('Preview of contract.pdf', undefined, { timeout: 15_000 });
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(`${FILES_PATHS.getFile}?key=k-1&x-token=jwt-token`);
    unmount();

    mockFetch({ [INFO]: ok(info('data.zip', 'application/zip', 200)) });
    renderPage();
    expect(
      await screen.findByText('No preview for this type of file. Download it to open it.', undefined, {
        timeout: 15_000,
      }),
    ).toBeTruthy();
    expect(screen.getByText('200 B')).toBeTruthy();
  });

  it('says when the file does not exist or the link names none', async () => {
    mockFetch({ [INFO]: fail(404, 'This file does not exist.') });
    const { unmount } = renderPage();
    expect(await screen.findByText('File not found', undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('This file does not exist, or you may not see it.')).toBeTruthy();
    unmount();

    const calls = mockFetch({});
    renderPage('/permalink/file');
    expect(
      await screen.findByText('This link does not name a file.', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Go to the home page' }));
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('offers a retry when the details cannot be loaded', async () => {
    let attempts = 0;
    mockFetch({
      [INFO]: () => {
        attempts += 1;
        return attempts <= 3 ? fail(500, 'boom') : ok(info('back.png', 'image/png'));
      },
    });
    renderPage();
    expect(
      await screen.findByText('The file details could not be loaded.', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'back.png' })).toBeTruthy();
  });

  it('formats sizes in the reader’s language', () => {
    expect(formatFileSize(1_572_864, 'en')).toBe('1.5 MB');
    expect(formatFileSize(1_572_864, 'de')).toBe('1,5 MB');
    expect(formatFileSize(2048, 'en')).toBe('2 kB');
  });
});
