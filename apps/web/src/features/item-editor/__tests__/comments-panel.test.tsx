import { COMMENT_MAX_LENGTH, RECORDS_MESSAGES, RECORDS_PATHS, recordPath } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { formatDate } from '../../../shared/organization/use-organization-preference.ts';
import { bodiesOf, comment, recordDetail, renderEditor } from './fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DETAIL = `GET ${recordPath.detail('r-1')}`;
const COMMENTS = `GET ${RECORDS_PATHS.loadComment}`;
const SEND = `POST ${RECORDS_PATHS.sendComment}`;

const shown = () =>
  screen
    .queryAllByTestId('comment')
    .map((node) => node.querySelector('[data-testid="comment-text"]')?.textContent);
const panel = () => screen.getByTestId('comments-panel');

describe('comments panel', { timeout: 120_000 }, () => {
  it('pages through the comments newest first and adds one as plain text', async () => {
    // 12 comments, newest (12) first; the server answers 10 a page.
    const all = Array.from({ length: 12 }, (_, index) => comment(12 - index));
    const calls = mockFetch({
      [DETAIL]: ok(recordDetail()),
      [COMMENTS]: (call) => {
        const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        const comments = all.slice((page - 1) * 10, page * 10);
        return ok({ comments, total: all.length, hasMore: page * 10 < all.length });
      },
      [SEND]: (call) =>
        ok(comment(13, { message: JSON.parse(call.body ?? '{}').message, author_name: 'Ada Admin' })),
    });
    renderEditor('/item-editor/app-1/r-1');

    await waitFor(() => expect(shown()).toHaveLength(10), { timeout: 15_000 });
    expect(shown()[0]).toBe('Comment 12');
    const first = screen.getAllByTestId('comment')[0] as HTMLElement;
    expect(first.textContent).toContain('Bea Builder');
    expect(first.textContent).toContain(formatDate(all[0]?.created_on, 'datetime'));
    expect(calls.find((call) => call.url.startsWith(RECORDS_PATHS.loadComment))?.url).toBe(
      `${RECORDS_PATHS.loadComment}?recordId=r-1&page=1`,
    );

    fireEvent.click(within(panel()).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(shown()).toHaveLength(12));
    expect(shown().at(-1)).toBe('Comment 1');
    expect(within(panel()).queryByRole('button', { name: 'Load more' })).toBeNull();

    // Empty (or blank) is refused with the contract's message; nothing is sent.
    const box = within(panel()).getByLabelText('Add a comment');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Send' }));
    expect(await within(panel()).findByText(RECORDS_MESSAGES.commentRequired)).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(COMMENT_MAX_LENGTH + 1) } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Send' }));
    expect(await within(panel()).findByText(RECORDS_MESSAGES.commentTooLong)).toBeTruthy();
    expect(bodiesOf(calls, RECORDS_PATHS.sendComment)).toEqual([]);

    // A comment is text: markup in it is shown, never run.
    fireEvent.change(box, { target: { value: '  Looks <b>fine</b>  ' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(shown()[0]).toBe('Looks <b>fine</b>'));
    expect(bodiesOf(calls, RECORDS_PATHS.sendComment)).toEqual([
      { recordId: 'r-1', message: 'Looks <b>fine</b>' },
    ]);
    expect(panel().querySelector('b')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(shown()).toHaveLength(13);
  });

  it('shows the empty state, and the server’s message when sending fails', async () => {
    mockFetch({
      [DETAIL]: ok(recordDetail()),
      [COMMENTS]: ok({ comments: [], total: 0, hasMore: false }),
      [SEND]: fail(403, RECORDS_MESSAGES.notAllowedEdit),
    });
    renderEditor('/item-editor/app-1/r-1');
    expect(await screen.findByText('No comments yet.', undefined, { timeout: 15_000 })).toBeTruthy();
    const box = within(panel()).getByLabelText('Add a comment');
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.click(within(panel()).getByRole('button', { name: 'Send' }));
    expect(await within(panel()).findByText(RECORDS_MESSAGES.notAllowedEdit)).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('says when the comments could not be loaded and tries again', async () => {
    let answers = 0;
    mockFetch({
      [DETAIL]: ok(recordDetail()),
      [COMMENTS]: () => {
        answers += 1;
        return answers <= 4 ? fail(500, 'boom') : ok({ comments: [comment(1)], total: 1, hasMore: false });
      },
    });
    renderEditor('/item-editor/app-1/r-1');
    const alert = await screen.findByText('The comments could not be loaded.', undefined, {
      timeout: 30_000,
    });
    expect(alert).toBeTruthy();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(shown()).toEqual(['Comment 1']));
  });
});
