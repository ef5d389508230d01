import type { AppVersionDto } from '@formloop/contracts';
import {
  createField,
  toFormPayload,
  type ActivityPermission,
  type FormField,
  type LayoutSection,
  type ModuleDefinition,
} from '@formloop/domain';
import { render, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/providers.tsx';
import { createQueryClient } from '../../../../app/query-client.ts';
import { mockFetch } from '../../../../test/fetch-mock.ts';
import { storeOrganizationPreference } from '../../../../shared/organization/use-organization-preference.ts';
import { DiffSummary, VersionsPanel } from '../versions-panel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (
  type: FormField['fieldType'],
  id: string,
  name: string,
  label: string,
  extra: Partial<FormField> = {},
) => ({
  ...createField(type, id, name),
  fieldName: label,
  ...extra,
});

const section = (name: string, displayName: string, cells: FormField[]): LayoutSection => ({
  id: `s-${name}`,
  name,
  displayName,
  isTable: false,
  minimumRowCount: 0,
  maximumRowCount: 0,
  rows: [{ id: `r-${name}`, cells }],
});

const definition = (sections: LayoutSection[], permission: ActivityPermission[] = []): ModuleDefinition => ({
  fieldGroups: toFormPayload({ sections }, { formName: 'orders', displayName: 'Orders', isPublished: true })
    .fieldGroups,
  defaultConfig: {},
  permission,
});

const published = definition([
  section('details', 'Details', [
    field('text', 'f-customer', 'customer', 'Customer'),
    field('number', 'f-amount', 'amount', 'Amount'),
    field('date', 'f-due', 'due', 'Due on'),
  ]),
]);

const draft = definition(
  [
    section('details', 'Details', [
      field('text', 'f-customer', 'customer', 'Client', { required: true }),
      field('number', 'f-amount', 'amount', 'Amount'),
      field('email', 'f-mail', 'mail', 'E-mail'),
    ]),
  ],
  [{ activityId: 'fs-start', fields: [{ name: 'amount', control: 'hidden' }], fieldGroups: [] }],
);

const versions: AppVersionDto[] = [
  { module_version: 1, published_on: '2026-03-01T09:30:00.000Z', published_by_name: 'Ada Admin' },
  { module_version: 2, published_on: '2026-03-05T14:00:00.000Z', published_by_name: null },
];

function renderWithProviders(node: ReactNode) {
  mockFetch({});
  storeOrganizationPreference({
    time_zone: 'UTC',
    date_format: 'DD.MM.YYYY',
    datetime_format: 'DD.MM.YYYY HH:mm',
    time_format: 'HH:mm',
  });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>{node}</Suspense>
    </AppProviders>,
  );
}

const items = (kind: string) =>
  Array.from(screen.getByTestId(`versions-${kind}`).querySelectorAll('[data-testid="change-item"]')).map(
    (item) => item.textContent,
  );

describe('versions panel', { timeout: 40_000 }, () => {
  it('lists what the draft adds, changes and removes against the published version', async () => {
    renderWithProviders(
      <VersionsPanel draft={draft} published={published} moduleVersion={2} versions={versions} />,
    );
    expect((await screen.findByTestId('versions-summary')).textContent).toBe(
      'Draft has 5 changes since version 2',
    );
    const diff = screen.getByTestId('versions-diff');
    expect(
      within(diff)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Added2', 'Changed2', 'Removed1']);
    expect(items('added')).toEqual(['FieldE-mailin Detailsemail', 'PermissionAmountat StartDefault→Hidden']);
    expect(items('changed')).toEqual([
      'FieldClientin DetailsfieldNameCustomer→Client',
      'FieldClientin DetailsrequiredNo→Yes',
    ]);
    expect(items('removed')).toEqual(['FieldDue onin Detailsdate']);
    expect(
      Array.from(diff.querySelectorAll('[data-kind] .ant-tag')).map(
        (tag) => tag.className.match(/ant-tag-(green|blue|purple|red)/)?.[1],
      ),
    ).toEqual(['green', 'green', 'blue', 'blue', 'red']);
  });

  it('shows draft and published side by side with the published versions', async () => {
    renderWithProviders(
      <VersionsPanel draft={draft} published={published} moduleVersion={2} versions={versions} />,
    );
    expect((await screen.findByTestId('versions-draft')).textContent).toContain('Sections: 1 · Fields: 3');
    const publishedCard = screen.getByTestId('versions-published');
    expect(publishedCard.textContent).toContain('Published: version 2');
    expect(publishedCard.textContent).toContain('Published on 05.03.2026 14:00 by Unknown user');
    const rows = Array.from(
      screen.getByTestId('versions-history').querySelectorAll('tbody tr:not([aria-hidden])'),
    ).map((row) => Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['2Current', '05.03.2026 14:00', 'Unknown user'],
      ['1', '01.03.2026 09:30', 'Ada Admin'],
    ]);
  });

  it('says when the draft has no changes', async () => {
    renderWithProviders(
      <VersionsPanel
        draft={published}
        published={published}
        moduleVersion={1}
        versions={versions.slice(0, 1)}
      />,
    );
    expect((await screen.findByTestId('versions-summary')).textContent).toBe(
      'The draft is the same as version 1.',
    );
    expect(screen.getByTestId('versions-diff').textContent).toBe(
      'No changes since the last published version.',
    );
    expect(screen.queryByTestId('change-item')).toBeNull();
  });

  it('shows everything as added before the first publication', async () => {
    renderWithProviders(<VersionsPanel draft={draft} published={null} moduleVersion={0} versions={[]} />);
    expect((await screen.findByTestId('versions-summary')).textContent).toBe('Not published yet');
    expect(items('added')).toHaveLength(5);
    expect(screen.getByTestId('versions-history').textContent).toContain(
      'No version has been published yet.',
    );
  });

  it('sums the changes up in one line for the publish confirmation', async () => {
    renderWithProviders(
      <>
        <DiffSummary draft={draft} published={published} />
        <DiffSummary draft={published} published={published} />
      </>,
    );
    const [changed, same] = await screen.findAllByTestId('diff-summary');
    expect(changed!.textContent).toBe('5 changes: 2 added, 2 changed, 0 moved, 1 removed.');
    expect(same!.textContent).toBe('No changes since the last published version.');
  });
});
