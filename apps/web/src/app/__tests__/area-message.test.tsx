import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMessageTranslator } from '../../shared/i18n/translate-message.ts';
import { i18n } from '../i18n.ts';

function Reason() {
  const translate = useMessageTranslator();
  // An item editor's translator meeting the records' key (another area's namespace).
  return (
    <p data-testid="reason">{translate({ message: 'Worded otherwise.', key: 'records.appNotFound' })}</p>
  );
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a message key of another area', () => {
  it('is shown in the reader’s language once its namespace has loaded, not left in English', async () => {
    await act(() => i18n.changeLanguage('de'));
    // As on a first visit: the records' German texts are not there yet.
    i18n.removeResourceBundle('de', 'records');
    const connector = i18n.services.backendConnector as unknown as { state: Record<string, unknown> };
    delete connector.state['de|records'];
    expect(i18n.hasLoadedNamespace('records')).toBe(false);
    render(<Reason />);
    await waitFor(() => expect(screen.getByTestId('reason').textContent).toBe('Diese App gibt es nicht.'));
  });
});
