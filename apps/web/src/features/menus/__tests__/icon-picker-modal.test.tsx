import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { i18n } from '../../../app/i18n.ts';
import type { IconLibrary } from '../../../shared/ui/menu-icon.tsx';
import { IconPickerModal } from '../components/icon-picker-modal.tsx';

/** 120 made-up icon names (all drawn with one icon): three pages of 50. */
function fakeLibrary(): IconLibrary {
  const names = Array.from({ length: 120 }, (_, index) => `Icon${String(index).padStart(3, '0')}Outlined`);
  return { names, icons: Object.fromEntries(names.map((name) => [name, HomeOutlined])) };
}

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function renderPicker(load: () => Promise<IconLibrary>, onSelect = vi.fn()) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <IconPickerModal
          open
          value="Icon001Outlined"
          onSelect={onSelect}
          onClose={() => undefined}
          load={load}
        />
      </Suspense>
    </AppProviders>,
  );
  return onSelect;
}

const iconButtons = () => within(screen.getByTestId('icon-grid')).getAllByRole('button');

describe('Select Icon modal (spec §2, §9)', { timeout: 40_000 }, () => {
  it("says 'LOADING' while the icons load, then pages them 50 at a time", async () => {
    const gate = deferred<IconLibrary>();
    const onSelect = renderPicker(() => gate.promise);
    expect((await screen.findByTestId('icons-loading')).textContent).toBe('LOADING');
    gate.resolve(fakeLibrary());

    await waitFor(() => expect(iconButtons()).toHaveLength(50));
    expect(iconButtons()[0]?.getAttribute('title')).toBe('Icon000Outlined');
    // The current icon is marked.
    expect(
      screen.getByRole('button', { name: 'Choose the icon Icon001Outlined' }).getAttribute('aria-pressed'),
    ).toBe('true');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(iconButtons()).toHaveLength(20));
    expect(iconButtons()[0]?.getAttribute('title')).toBe('Icon100Outlined');

    // Searching starts again at page 1; case, spaces and hyphens do not matter.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search icons' }), {
      target: { value: 'icon 01' },
    });
    await waitFor(() => expect(iconButtons()).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: 'Choose the icon Icon015Outlined' }));
    expect(onSelect).toHaveBeenCalledWith('Icon015Outlined');
  });

  it("says 'NOT FOUND' when nothing matches the search", async () => {
    renderPicker(() => Promise.resolve(fakeLibrary()));
    await waitFor(() => expect(iconButtons()).toHaveLength(50));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search icons' }), { target: { value: 'zebra' } });
    expect((await screen.findByTestId('icons-not-found')).textContent).toBe('NOT FOUND');
    expect(screen.queryByTestId('icon-grid')).toBeNull();
  });

  it("says 'ICONS NOT LOAD' when the icon set fails to load, and tries again on request", async () => {
    const load = vi.fn<() => Promise<IconLibrary>>().mockRejectedValueOnce(new Error('chunk failed'));
    load.mockResolvedValue(fakeLibrary());
    renderPicker(load);
    expect((await screen.findByTestId('icons-failed')).textContent).toBe('ICONS NOT LOAD');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(iconButtons()).toHaveLength(50));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the state texts in the reader’s language', async () => {
    await i18n.changeLanguage('de');
    try {
      renderPicker(() => Promise.reject(new Error('offline')));
      expect((await screen.findByTestId('icons-failed')).textContent).toBe(
        'SYMBOLE KONNTEN NICHT GELADEN WERDEN',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('loads the real antd icon set by default and finds icons by name', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Suspense fallback={null}>
          <IconPickerModal open value="" onSelect={() => undefined} onClose={() => undefined} />
        </Suspense>
      </AppProviders>,
    );
    await waitFor(() => expect(iconButtons()).toHaveLength(50), { timeout: 30_000 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search icons' }), { target: { value: 'home' } });
    await waitFor(() =>
      expect(iconButtons().map((button) => button.getAttribute('title'))).toEqual([
        'HomeFilled',
        'HomeOutlined',
        'HomeTwoTone',
      ]),
    );
  });
});
