import { MESSAGES } from '@formloop/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { ErrorBoundary } from '../error-boundary.tsx';
import { IMAGE_PLACEHOLDER } from '../image-placeholder.ts';
import { SafeImage } from '../safe-image.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['shell']);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Boom(): never {
  throw new Error('render failure');
}

const setOnline = (online: boolean) => {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
};

describe('ErrorBoundary (spec §2, §8)', () => {
  it("shows 'Something went wrong.' with a Reload button", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setOnline(true);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').querySelector('h1')?.textContent).toBe(MESSAGES.somethingWentWrong);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalled();
  });

  it("shows 'Your internet connection is offline.' when the browser is offline", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setOnline(false);
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe(MESSAGES.offline);
  });

  it('follows the connection and the UI language', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setOnline(false);
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('heading').textContent).toBe(MESSAGES.somethingWentWrong);
    await act(async () => {
      await i18n.loadLanguages('de');
      await i18n.changeLanguage('de');
    });
    expect(screen.getByRole('heading').textContent).toBe('Etwas ist schiefgelaufen.');
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeTruthy();
  });

  it('draws nothing for fallback={null}, leaving the rest of the screen alone', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <ErrorBoundary fallback={null}>
          <Boom />
        </ErrorBoundary>
        <p>page</p>
      </>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('page')).toBeTruthy();
  });

  it('tries again when a reset key changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setOnline(true);
    function Harness() {
      const [page, setPage] = useState('broken');
      return (
        <>
          <button type="button" onClick={() => setPage('fine')}>
            next
          </button>
          <ErrorBoundary resetKeys={[page]}>{page === 'broken' ? <Boom /> : <p>fine page</p>}</ErrorBoundary>
        </>
      );
    }
    render(<Harness />);
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    expect(screen.getByText('fine page')).toBeTruthy();
  });
});

describe('SafeImage (spec §2: broken images fall back to a placeholder)', () => {
  it('swaps a broken image for the placeholder and tries a new src again', () => {
    const { rerender } = render(<SafeImage src="/files/logo.png" alt="Logo" />);
    const image = screen.getByRole('img', { name: 'Logo' }) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/files/logo.png');
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(IMAGE_PLACEHOLDER);
    expect(image.dataset.broken).toBe('true');
    // A failing placeholder does not loop.
    fireEvent.error(image);
    expect(image.getAttribute('src')).toBe(IMAGE_PLACEHOLDER);
    rerender(<SafeImage src="/files/other.png" alt="Logo" />);
    expect(image.getAttribute('src')).toBe('/files/other.png');
  });

  it('uses the placeholder for a missing src, or the fallback given', () => {
    render(<SafeImage alt="Nothing" />);
    expect(screen.getByRole('img', { name: 'Nothing' }).getAttribute('src')).toBe(IMAGE_PLACEHOLDER);
    render(<SafeImage src="" alt="Custom" fallback="/img/none.svg" />);
    expect(screen.getByRole('img', { name: 'Custom' }).getAttribute('src')).toBe('/img/none.svg');
    expect(IMAGE_PLACEHOLDER.startsWith('data:image/svg+xml')).toBe(true);
  });
});
