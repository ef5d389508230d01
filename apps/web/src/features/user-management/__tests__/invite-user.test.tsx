import { USERS_PATHS } from '@formloop/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { bodiesTo, fieldErrors, findToast, licences, renderUsers, table, user } from './render-users.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const base = {
  [`GET ${USERS_PATHS.licences}`]: ok(licences),
  [`POST ${USERS_PATHS.datatables}`]: ok(table([user('ann')])),
};

async function openInvite() {
  fireEvent.click(await screen.findByRole('button', { name: /Invite user/ }));
  const dialog = await screen.findByRole('dialog');
  return {
    dialog,
    field: (label: string) => within(dialog).getByLabelText(label),
    /** OK: 'Send invitation', or 'Create user' once a password is typed. */
    submit: async (name = 'Send invitation') =>
      fireEvent.click(await within(dialog).findByRole('button', { name })),
  };
}

describe('inviting a user', { timeout: 60_000 }, () => {
  it('checks every field with the spec’s messages before anything is sent', async () => {
    const calls = mockFetch(base);
    renderUsers('/settings/user-management');
    const { field, submit } = await openInvite();

    await submit();
    await waitFor(() =>
      expect(fieldErrors()).toEqual([
        'This field is required',
        'This field is required',
        'This field is required',
        'This field is required',
      ]),
    );

    const cases: Array<[string, string, string]> = [
      ['User name', 'a'.repeat(65), 'Cannot exceed 64 characters'],
      ['User name', 'bad--name', 'Cannot contain special characters'],
      ['User name', ' lead', 'Cannot start with a space'],
      ['User name', '9lives', 'Cannot start with a number'],
      ['Full name', 'x'.repeat(65), 'Cannot exceed 64 characters'],
      ['E-mail address', 'not-an-address', 'Please enter a valid e-mail address.'],
      ['Password (optional)', 'ab', 'Minimum 3 characters'],
      ['Password (optional)', 'p'.repeat(51), 'Maximum 50 characters'],
    ];
    for (const [label, value, message] of cases) {
      fireEvent.change(field(label), { target: { value } });
      await waitFor(() => expect(fieldErrors()).toContain(message));
    }
    expect(bodiesTo(calls, USERS_PATHS.create)).toEqual([]);
  });

  it('offers the licences with their seats left, full ones disabled, and invites without a password', async () => {
    const calls = mockFetch({
      ...base,
      [`POST ${USERS_PATHS.create}`]: ok(
        { ...user('nina'), invited: true },
        'The user has been invited: an e-mail with a link to set a password is on its way.',
      ),
    });
    renderUsers('/settings/user-management');
    const { dialog, field, submit } = await openInvite();
    fireEvent.change(field('User name'), { target: { value: 'nina' } });
    fireEvent.change(field('Full name'), { target: { value: 'Nina North' } });
    fireEvent.change(field('E-mail address'), { target: { value: ' nina@acme.example ' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));

    const option = (text: string) =>
      screen
        .findByText(text, { selector: '.ant-select-item-option-content' })
        .then((node) => node.parentElement!);
    expect((await option('Full user (none left)')).getAttribute('aria-disabled')).toBe('true');
    expect((await option('User (unlimited)')).getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(await option('Consultant (1 left)'));
    await submit();

    expect(
      await findToast('The user has been invited: an e-mail with a link to set a password is on its way.'),
    ).toBeTruthy();
    expect(bodiesTo(calls, USERS_PATHS.create)).toEqual([
      { username: 'nina', fullname: 'Nina North', email: 'nina@acme.example', user_kind: 'CONSULTANT' },
    ]);
  });

  it('says "Create user" while the administrator sets the password, "Invite" while an e-mail will go', async () => {
    const calls = mockFetch({
      ...base,
      [`POST ${USERS_PATHS.create}`]: ok({ ...user('nina'), invited: false }, 'The user has been created.'),
    });
    renderUsers('/settings/user-management/CONSULTANT');
    const { dialog, field } = await openInvite();
    const title = () => dialog.querySelector('.ant-modal-title')?.textContent;
    const okButton = (name: string) => within(dialog).queryByRole('button', { name });
    expect(title()).toBe('Invite user');
    expect(okButton('Send invitation')).toBeTruthy();

    fireEvent.change(field('Password (optional)'), { target: { value: 'chosen-pass' } });
    await waitFor(() => expect(title()).toBe('Create user'));
    expect(okButton('Send invitation')).toBeNull();
    fireEvent.change(field('Password (optional)'), { target: { value: '' } });
    await waitFor(() => expect(title()).toBe('Invite user'));

    fireEvent.change(field('User name'), { target: { value: 'nina' } });
    fireEvent.change(field('Full name'), { target: { value: 'Nina North' } });
    fireEvent.change(field('E-mail address'), { target: { value: 'nina@acme.example' } });
    fireEvent.change(field('Password (optional)'), { target: { value: 'chosen-pass' } });
    await waitFor(() => expect(okButton('Create user')).toBeTruthy());
    fireEvent.click(okButton('Create user')!);
    expect(await findToast('The user has been created.')).toBeTruthy();
    expect(bodiesTo(calls, USERS_PATHS.create)).toEqual([
      {
        username: 'nina',
        fullname: 'Nina North',
        email: 'nina@acme.example',
        user_kind: 'CONSULTANT',
        password: 'chosen-pass',
      },
    ]);
  });

  it('puts focus in the first field as it opens and leaves it where the user puts it', async () => {
    mockFetch(base);
    renderUsers('/settings/user-management');
    const { field } = await openInvite();
    await waitFor(() => expect(document.activeElement).toBe(field('User name')));

    // The user goes on to the next field before the dialog has finished opening, and types.
    const fullName = field('Full name') as HTMLInputElement;
    fullName.focus();
    fireEvent.change(fullName, { target: { value: 'Nina' } });
    // Well past antd's open animation, focus has not been moved back to the first field.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(document.activeElement).toBe(fullName);
    expect((field('User name') as HTMLInputElement).value).toBe('');
  });

  it('puts a taken name under the name and a full licence under the licence', async () => {
    let answer = fail(409, 'A user with this user name already exists.');
    mockFetch({ ...base, [`POST ${USERS_PATHS.create}`]: () => answer });
    renderUsers('/settings/user-management/CONSULTANT');
    const { field, submit } = await openInvite();
    fireEvent.change(field('User name'), { target: { value: 'ann' } });
    fireEvent.change(field('Full name'), { target: { value: 'Ann Again' } });
    fireEvent.change(field('E-mail address'), { target: { value: 'ann2@acme.example' } });
    fireEvent.change(field('Password (optional)'), { target: { value: 'secret-pass' } });
    await submit('Create user');
    await waitFor(() => expect(fieldErrors()).toEqual(['A user with this user name already exists.']));

    answer = fail(409, 'No Consultant licence is left: all 2 are in use.');
    fireEvent.change(field('User name'), { target: { value: 'ann3' } });
    await submit('Create user');
    await waitFor(() => expect(fieldErrors()).toEqual(['No Consultant licence is left: all 2 are in use.']));
  });
});
