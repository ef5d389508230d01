import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { MAIN_CONTENT_ID } from '../shell-constants.ts';
import { renderShell, signInAs, stubScrolling } from './render-shell.tsx';

// Issue 25 item 3: a skip link past the top bar and sidebar, and focus on the page's heading after
// a navigation inside the app.

beforeEach(() => {
  stubScrolling();
  signInAs('fullUser');
  mockFetch({});
});
afterEach(() => vi.unstubAllGlobals());

function Page({ autoFocusField = false }: { autoFocusField?: boolean }) {
  return (
    <>
      <h1>The page</h1>
      {autoFocusField ? <input aria-label="first field" autoFocus /> : null}
    </>
  );
}

describe('skip link', () => {
  it('is the first focusable element, hidden until focused, and moves focus to the page', async () => {
    renderShell('/tasks', <Page />);
    const link = await screen.findByRole('link', { name: 'Skip to main content' });
    const focusable = document.querySelectorAll<HTMLElement>('a[href], button, input, [tabindex="0"]');
    expect(focusable[0]).toBe(link);
    expect(link.getAttribute('href')).toBe(`#${MAIN_CONTENT_ID}`);
    expect(link.style.position).toBe('absolute');
    expect(link.style.clip).toMatch(/^rect\(0/);
    act(() => link.focus());
    expect(link.style.position).toBe('fixed');
    expect(link.style.clip).toBe('');
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(screen.getByRole('main').id).toBe(MAIN_CONTENT_ID);
  });
});

describe('one h1 per page', () => {
  it("is the page's own when it has one, else the shell's title", async () => {
    const shell = renderShell('/tasks', <Page />);
    await screen.findByRole('heading', { name: 'The page', level: 1 });
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1));
    await act(() => shell.router.navigate('/applications'));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The page');
  });

  it("keeps the shell's title as the h1 of a page without one", async () => {
    renderShell('/applications', <p>No heading here</p>);
    await screen.findByText('No heading here');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Apps');
  });
});

describe('focus after navigation', () => {
  it('stays where it is on the first page, and moves to the h1 of the page navigated to', async () => {
    const shell = renderShell('/tasks', <Page />);
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { name: 'The page', level: 1 });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(document.body);
    await act(() => shell.router.navigate('/applications'));
    const heading = within(main).getByRole('heading', { level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it("moves to the shell's title of the page when the page has no h1 of its own", async () => {
    const shell = renderShell('/tasks', <p>No heading here</p>);
    await screen.findByText('No heading here');
    await act(() => shell.router.navigate('/applications'));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Apps' })),
    );
  });

  it('leaves focus where the page or the user put it', async () => {
    const shell = renderShell('/tasks', <Page autoFocusField />);
    await screen.findByRole('textbox', { name: 'first field' });
    await act(() => shell.router.navigate('/applications'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'first field' }));
  });
});
