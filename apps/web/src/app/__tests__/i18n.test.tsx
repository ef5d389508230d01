import { render, waitFor } from '@testing-library/react';
import Empty from 'antd/es/empty';
import dayjs from 'dayjs';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../shared/i18n/languages.ts';
import { DAYJS_LOCALES } from '../locale-switch.ts';
import { i18n } from '../i18n.ts';
import { AppProviders } from '../providers.tsx';
import { createQueryClient } from '../query-client.ts';

const emptyText = () => document.querySelector('.ant-empty-description')?.textContent;

describe('UI language (spec §1, §9)', () => {
  it('switches antd, dayjs and <html lang> together, and remembers the choice', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      </AppProviders>,
    );
    await waitFor(() => expect(emptyText()).toBe('No data'));
    await act(() => i18n.changeLanguage('de'));
    await waitFor(() => expect(emptyText()).toBe('Keine Daten'));
    await waitFor(() => expect(dayjs.locale()).toBe('de'));
    expect(dayjs('2024-03-04').format('MMMM dddd')).toBe('März Montag');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');

    await act(() => i18n.changeLanguage('zh'));
    await waitFor(() => expect(dayjs.locale()).toBe(DAYJS_LOCALES.zh));
    await act(() => i18n.changeLanguage('en'));
    await waitFor(() => expect(dayjs.locale()).toBe('en'));
    await waitFor(() => expect(emptyText()).toBe('No data'));
  });
});
