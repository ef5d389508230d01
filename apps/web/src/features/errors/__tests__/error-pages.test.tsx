import { MESSAGES } from '@formloop/domain';
import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app.tsx';

// Signed-in pages load the shell's chunks on first use; under a busy test run that takes over a second.
configure({ asyncUtilTimeout: 5000 });

describe('/403 (spec §2)', () => {
  it('shows the message query as sanitised HTML, the permission text and the reasons', async () => {
    const html =
      '<b>Licence</b> expired<script>window.hacked = true</script><img src="x" onerror="window.hacked = true">';
    renderApp(`/403?message=${encodeURIComponent(html)}`);
    const message = await screen.findByTestId('forbidden-message');
    expect(message.querySelector('b')?.textContent).toBe('Licence');
    expect(message.querySelector('script')).toBeNull();
    expect(message.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(message.innerHTML).not.toContain('hacked');
    expect(screen.getByText(MESSAGES.forbidden)).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('translates a message it knows', async () => {
    renderApp(`/403?message=${encodeURIComponent(MESSAGES.licenceExpired)}`);
    expect((await screen.findByTestId('forbidden-message')).textContent).toBe(MESSAGES.licenceExpired);
  });
});

describe('/404 and /error (spec §2)', () => {
  it('/404 says Page Not Found and links back to the homepage', async () => {
    renderApp('/404');
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
    expect(screen.getByText(/does not exist, or you do not have permission/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the Homepage' }).getAttribute('href')).toBe('/');
  });

  it('/error offers Reload and the way home', async () => {
    renderApp('/error');
    expect(await screen.findByText(MESSAGES.somethingWentWrong)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the Homepage' }).getAttribute('href')).toBe('/');
  });
});
