import { APP_SETTINGS_PATHS, type EmailTemplateFields } from '@formloop/contracts';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_SYSTEM_FIELDS, EMAIL_TEMPLATE_EVENTS } from '@formloop/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { adminSession } from '../../../test/fixtures.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { EmailTemplatesTab } from '../index.ts';
import { insertAt, mergePlaceholders } from '../lib/placeholders.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const MODULE_ID = 'm-1';
const FIELDS = `GET ${APP_SETTINGS_PATHS.emailTemplateFields}`;
const UPDATE = `POST ${APP_SETTINGS_PATHS.updateEmailTemplate}`;

const template = (event: (typeof EMAIL_TEMPLATE_EVENTS)[number], custom = { subject: '', body: '' }) => ({
  event,
  subject: custom.subject || DEFAULT_EMAIL_TEMPLATES[event].subject,
  body: custom.body || DEFAULT_EMAIL_TEMPLATES[event].body,
  custom_subject: custom.subject,
  custom_body: custom.body,
  default_subject: DEFAULT_EMAIL_TEMPLATES[event].subject,
  default_body: DEFAULT_EMAIL_TEMPLATES[event].body,
  modified_on: custom.subject || custom.body ? '2024-05-01T10:00:00.000Z' : null,
});

const data = (customer = 'Customer'): EmailTemplateFields => ({
  placeholders: [
    { name: 'customer', label: customer, system: false },
    { name: 'amount', label: 'Amount', system: false },
    ...EMAIL_SYSTEM_FIELDS,
  ],
  events: EMAIL_TEMPLATE_EVENTS.map((event) =>
    event === 'approve' ? template(event, { subject: 'Approved {{record_id}}', body: '' }) : template(event),
  ),
});

function renderTab(fields = [{ name: 'customer', label: 'Client' }]) {
  authStore.signIn(adminSession);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <EmailTemplatesTab moduleId={MODULE_ID} fields={fields} />
    </AppProviders>,
  );
}

const editor = (event = 'submit') => screen.findByTestId(`email-editor-${event}`);
const bodyBox = (scope: HTMLElement) => within(scope).getByLabelText('Message') as HTMLTextAreaElement;
const subjectBox = (scope: HTMLElement) => within(scope).getByLabelText('Subject') as HTMLInputElement;

describe('e-mail templates tab', { timeout: 40_000 }, () => {
  it('lists the seven events and shows the defaults as placeholder texts', async () => {
    const calls = mockFetch({ [FIELDS]: ok(data()) });
    renderTab();
    const scope = await editor();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Submitted',
      'Reassigned',
      'Rejected',
      'Restarted',
      'Sent back',
      'Completed',
      'ApprovedCustom',
    ]);
    expect(subjectBox(scope).placeholder).toBe(DEFAULT_EMAIL_TEMPLATES.submit.subject);
    expect(bodyBox(scope).value).toBe('');
    expect(calls[0]?.url).toBe(`${APP_SETTINGS_PATHS.emailTemplateFields}?moduleId=${MODULE_ID}`);

    fireEvent.click(screen.getByRole('tab', { name: /Approved/ }));
    const approve = await editor('approve');
    expect(subjectBox(approve).value).toBe('Approved {{record_id}}');
    expect(within(approve).getByTestId('preview-subject').textContent).toBe('Approved REC-000123');
  });

  it('inserts a placeholder at the cursor from the toolbar and saves the event', async () => {
    const saved = template('submit', { subject: 'New {{customer}}', body: 'Hello {{customer}} there' });
    const calls = mockFetch({ [FIELDS]: ok(data()), [UPDATE]: ok(saved, 'E-mail template saved') });
    renderTab();
    const scope = await editor();
    const toolbar = within(scope).getByRole('toolbar', { name: 'Insert a field' });
    // The editor's label wins over the saved one; system fields carry translated labels.
    expect(within(toolbar).getByRole('button', { name: 'Insert Client' })).toBeTruthy();
    expect(within(toolbar).getByRole('button', { name: 'Insert Current activity' })).toBeTruthy();

    const body = bodyBox(scope);
    fireEvent.change(body, { target: { value: 'Hello  there' } });
    body.setSelectionRange(6, 6);
    fireEvent.focus(body);
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Insert Client' }));
    await waitFor(() => expect(body.value).toBe('Hello {{customer}} there'));

    const subject = subjectBox(scope);
    fireEvent.change(subject, { target: { value: 'New ' } });
    fireEvent.focus(subject);
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Insert Client' }));
    await waitFor(() => expect(subject.value).toBe('New {{customer}}'));
    expect(within(scope).getByTestId('preview-subject').textContent).toBe('New [Client]');

    fireEvent.click(within(scope).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('E-mail template saved')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      moduleId: MODULE_ID,
      event: 'submit',
      subject: 'New {{customer}}',
      body: 'Hello {{customer}} there',
    });
  });

  it('shows unknown placeholders on the field, its own check first and then the server’s', async () => {
    const calls = mockFetch({
      [FIELDS]: ok(data()),
      [UPDATE]: {
        status: 400,
        body: {
          success: false,
          message: 'Unknown placeholders: region',
          data: {
            code: 'VALIDATION_FAILED',
            errors: [{ field: 'body', message: 'Unknown placeholders: region' }],
          },
        },
      },
    });
    // 'region' is a field of the editor that the server does not know yet (unsaved).
    renderTab([{ name: 'region', label: 'Region' }]);
    const scope = await editor();
    fireEvent.change(bodyBox(scope), { target: { value: '{{custmer}} in {{region}}' } });
    fireEvent.click(within(scope).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(within(scope).getByText('Unknown placeholders: custmer')).toBeTruthy());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(bodyBox(scope), { target: { value: '{{customer}} in {{region}}' } });
    await waitFor(() => expect(within(scope).queryByText('Unknown placeholders: custmer')).toBeNull());
    fireEvent.click(within(scope).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(within(scope).getByText('Unknown placeholders: region')).toBeTruthy());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('previews with escaped sample values and sanitised markup', async () => {
    mockFetch({ [FIELDS]: ok(data('<b>Customer</b>')) });
    renderTab([]);
    const scope = await editor();
    fireEvent.change(bodyBox(scope), {
      target: { value: '<p>Hi {{customer}}</p><img src="x" onerror="alert(1)"><script>alert(2)</script>' },
    });
    const preview = within(scope).getByTestId('preview-body');
    expect(preview.innerHTML).toBe('<p>Hi [&lt;b&gt;Customer&lt;/b&gt;]</p><img src="x">');
    expect(preview.querySelector('script')).toBeNull();

    fireEvent.click(within(scope).getByRole('button', { name: 'Use the default text' }));
    expect(preview.innerHTML).toContain('<strong>Manager approval</strong>');
    fireEvent.click(within(scope).getByRole('button', { name: 'Start from the default text' }));
    expect(bodyBox(scope).value).toBe(DEFAULT_EMAIL_TEMPLATES.submit.body);
  });

  it('says when the app has no fields yet, and when the templates cannot be loaded', async () => {
    mockFetch({ [FIELDS]: ok({ ...data(), placeholders: [...EMAIL_SYSTEM_FIELDS] }) });
    const first = renderTab([]);
    expect(await screen.findByText(/This app has no fields yet/)).toBeTruthy();
    expect(screen.getByTestId('no-app-fields').textContent).toBe('none yet');
    first.unmount();

    mockFetch({ [FIELDS]: fail(403, 'You do not have permission to access this resource.') });
    renderTab([]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The e-mail templates could not be loaded.');
  });

  it('tells the user when the save fails', async () => {
    mockFetch({ [FIELDS]: ok(data()), [UPDATE]: fail(404, 'This app does not exist.') });
    renderTab();
    const scope = await editor();
    fireEvent.change(subjectBox(scope), { target: { value: 'Hi' } });
    fireEvent.click(within(scope).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('This app does not exist.')).toBeTruthy();
  });
});

describe('placeholder helpers', () => {
  it('merges the server’s placeholders with the editor’s fields', () => {
    const merged = mergePlaceholders(
      [
        { name: 'a', label: 'A', system: false },
        { name: 'record_id', label: 'Record ID', system: true },
      ],
      [
        { name: 'a', label: 'A now' },
        { name: 'b', label: '' },
      ],
      (name) => name.toUpperCase(),
    );
    expect(merged).toEqual([
      { name: 'a', label: 'A now', system: false },
      { name: 'b', label: 'b', system: false },
      { name: 'record_id', label: 'RECORD_ID', system: true },
    ]);
  });

  it('inserts over the selection and clamps odd positions', () => {
    expect(insertAt('abcd', 'X', 1, 3)).toEqual({ text: 'aXd', caret: 2 });
    expect(insertAt('ab', 'X', null, null)).toEqual({ text: 'abX', caret: 3 });
    expect(insertAt('ab', 'X', 9, 1)).toEqual({ text: 'abX', caret: 3 });
  });
});
