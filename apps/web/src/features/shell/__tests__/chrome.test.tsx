import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock.ts';
import { renderShell, signInAs, stubScrolling } from './render-shell.tsx';

beforeEach(() => {
  stubScrolling();
  signInAs('fullUser');
  mockFetch({});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const chromeShown = () => screen.queryByRole('banner') !== null && screen.queryByTestId('sidebar') !== null;

describe('layout=full (spec §2)', () => {
  it('shows the page alone on arrival (a POP navigation) with layout=full', async () => {
    renderShell('/tasks?layout=full');
    expect((await screen.findByTestId('page')).textContent).toBe('/tasks?layout=full');
    expect(chromeShown()).toBe(false);
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('keeps the shell for a PUSH to layout=full, drops it for a REPLACE, and brings it back without the parameter', async () => {
    const shell = renderShell('/tasks');
    await screen.findByRole('banner');
    await act(() => shell.router.navigate('/applications?layout=full'));
    expect(screen.getByTestId('page').textContent).toBe('/applications?layout=full');
    expect(chromeShown()).toBe(true);
    await act(() => shell.router.navigate('/applications?layout=full', { replace: true }));
    expect(chromeShown()).toBe(false);
    await act(() => shell.router.navigate('/applications'));
    expect(await screen.findByRole('banner')).toBeTruthy();
    expect(chromeShown()).toBe(true);
  });

  it('drops the shell when going back to a layout=full page', async () => {
    const shell = renderShell('/tasks');
    await screen.findByRole('banner');
    await act(() => shell.router.navigate('/module/m-1?layout=full'));
    await act(() => shell.router.navigate('/tasks'));
    expect(chromeShown()).toBe(true);
    await act(() => shell.router.navigate(-1));
    await waitFor(() => expect(screen.getByTestId('page').textContent).toBe('/module/m-1?layout=full'));
    expect(chromeShown()).toBe(false);
  });
});

describe('route change feedback (spec §2, §9)', () => {
  it('animates a progress bar by 10 every 30 ms and scrolls to the top', async () => {
    const shell = renderShell('/tasks');
    await screen.findByRole('banner');
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).toBeNull();
    vi.useFakeTimers();
    await act(() => shell.router.navigate('/applications'));
    const bar = screen.getByRole('progressbar', { name: 'Loading page' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(window.scrollTo).toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(30));
    expect(bar.getAttribute('aria-valuenow')).toBe('10');
    act(() => vi.advanceTimersByTime(60));
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    act(() => vi.advanceTimersByTime(210));
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    act(() => vi.advanceTimersByTime(30));
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).toBeNull();
  });

  it('offers a scroll-to-top button after 120 px of scrolling', async () => {
    renderShell('/tasks');
    await screen.findByRole('banner');
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
    fireEvent.scroll(window);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    Object.defineProperty(window, 'scrollY', { value: 121, configurable: true });
    fireEvent.scroll(window);
    fireEvent.click(await screen.findByRole('button', { name: 'Back to top' }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    fireEvent.scroll(window);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
  });

  it('hides the loading splash after 3 s once nothing is loading', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderShell('/tasks');
    await screen.findByRole('banner');
    expect(screen.getByTestId('loading-splash')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2900);
    });
    expect(screen.queryByTestId('loading-splash')).not.toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    await waitFor(() => expect(screen.queryByTestId('loading-splash')).toBeNull());
  });

  it('keeps the splash past 3 s while something is still loading', async () => {
    let finish: () => void = () => undefined;
    mockFetch({
      'GET /api/Task/total': () => new Promise((resolve) => (finish = () => resolve({ status: 404 }))),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderShell('/tasks');
    await screen.findByRole('banner');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3500);
    });
    expect(screen.queryByTestId('loading-splash')).not.toBeNull();
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByTestId('loading-splash')).toBeNull());
  });
});
