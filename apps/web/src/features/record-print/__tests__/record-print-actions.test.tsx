import { RECORDS_PATHS, recordPath, recordPrintPath } from '@formloop/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '../../../app/i18n.ts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { mockFetch, ok } from '../../../test/fetch-mock.ts';
import { recordDetail, recordForm, renderEditor } from '../../item-editor/__tests__/fixtures.tsx';
import { captureDownloads, releaseDownloads } from '../../reports/__tests__/report-files.ts';
import { PRINT_PAGE_CLASS, RecordPrintActions } from '../components/record-print-actions.tsx';

// The item editor's Print and Download PDF buttons: shown for a saved entry only, Print opens the
// browser's print dialog (on the print layout), Download PDF asks the server in the reader's
// language and saves the file under the server's name; a refusal is said in words.

const DETAIL = `GET ${recordPath.detail('r-1')}`;
const FORM = `GET ${recordPath.form('app-1')}`;
const COMMENTS = `GET ${RECORDS_PATHS.loadComment}`;
const noComments = ok({ comments: [], total: 0, hasMore: false });

interface PdfCall {
  url: string;
  authorization: string | undefined;
}

/** Answers the entry's PDF (or `refusal`) in front of the JSON mock installed before; returns the calls. */
function mockPdf(refusal?: { status: number; message: string; key: string }): PdfCall[] {
  const inner = globalThis.fetch;
  const calls: PdfCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (!input.startsWith('/api/EntryModule/r-1/pdf')) return inner(input, init);
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ url: input, authorization: headers.Authorization });
    if (refusal) {
      const data = { code: 'not_found', key: refusal.key, params: {} };
      return new Response(JSON.stringify({ success: false, message: refusal.message, data }), {
        status: refusal.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const name = 'Invoices - r-1.pdf';
    return new Response('%PDF-1.3', {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      },
    });
  });
  return calls;
}

/** The buttons alone, at an entry's address (the task editor's too). */
function renderActions(path: string) {
  authStore.signIn(adminSession);
  const router = createMemoryRouter(
    [{ path: '/item-editor/:moduleId/:recordId?/:taskId?', element: <RecordPrintActions /> }],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

let print: MockInstance<() => void>;
beforeEach(() => {
  print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  releaseDownloads();
});

describe('printing an entry', { timeout: 120_000 }, () => {
  it('offers Print and Download PDF on a saved entry and fetches the PDF in the reader’s language', async () => {
    mockFetch({ [DETAIL]: ok(recordDetail()), [COMMENTS]: noComments });
    const calls = mockPdf();
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderEditor('/item-editor/app-1/r-1');
    const actions = await screen.findByTestId('record-print-actions', undefined, { timeout: 15_000 });
    expect(within(screen.getByTestId('item-editor-header')).getByTestId('record-print-actions')).toBe(
      actions,
    );
    expect(document.body.classList.contains(PRINT_PAGE_CLASS)).toBe(true);

    await user.click(within(actions).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);

    // By keyboard: the button takes focus and Enter downloads.
    within(actions).getByRole('button', { name: 'Download PDF' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(downloads).toEqual(['Invoices - r-1.pdf']));
    expect(calls.map((call) => call.url)).toEqual([recordPrintPath.pdf('r-1', { lang: 'en' })]);
    expect(calls[0]?.url).toBe('/api/EntryModule/r-1/pdf?lang=en');
    expect(calls[0]?.authorization).toMatch(/^Bearer /);

    await act(async () => {
      await i18n.loadLanguages('de');
      await i18n.changeLanguage('de');
    });
    const german = await within(actions).findByRole('button', { name: 'PDF herunterladen' });
    expect(within(actions).getByRole('button', { name: 'Drucken' })).toBeTruthy();
    await user.click(german);
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.url).toBe('/api/EntryModule/r-1/pdf?lang=de');
  });

  it('offers neither for a new entry', async () => {
    mockFetch({ [FORM]: ok(recordForm()) });
    renderEditor('/item-editor/app-1');
    await screen.findByLabelText('Title', undefined, { timeout: 15_000 });
    expect(screen.queryByTestId('record-print-actions')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    expect(document.body.classList.contains(PRINT_PAGE_CLASS)).toBe(false);
  });

  it('prints a task’s entry with its task, and says why a PDF is refused', async () => {
    mockFetch({});
    const calls = mockPdf({
      status: 404,
      message: 'This entry does not exist.',
      key: 'records.recordNotFound',
    });
    const downloads = captureDownloads();
    const user = userEvent.setup();
    renderActions('/item-editor/app-1/r-1/t-9');
    await user.click(await screen.findByRole('button', { name: 'Download PDF' }, { timeout: 15_000 }));
    expect(await screen.findByText('This entry does not exist.')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual(['/api/EntryModule/r-1/pdf?lang=en&taskId=t-9']);
    expect(downloads).toEqual([]);
  });
});
