import type { CatalogueRow, RoleSummary } from '@formloop/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useRole, useSaveMatrix } from '../api.ts';
import { allCells, cellsOf, grantsOf, sameCells } from '../matrix-model.ts';
import { useRoleMessages } from '../messages.ts';
import { PermissionMatrix } from './permission-matrix.tsx';
import { RoleMembers } from './role-members.tsx';

interface Props {
  role: RoleSummary;
  catalogue: CatalogueRow[];
  /** Told whenever the matrix gains or loses unsaved changes, so the page can guard leaving. */
  onDirtyChange: (dirty: boolean) => void;
}

/** The right pane: the selected role's matrix with Save and Discard, and who holds the role. */
export function RoleEditor({ role, catalogue, onDirtyChange }: Props) {
  const { t } = useTranslation('roles');
  const { token } = theme.useToken();
  const toast = useToast();
  const { message, failure } = useRoleMessages();
  const detail = useRole(role.id);
  const save = useSaveMatrix();
  // null: no edits yet, the saved matrix is shown as it is.
  const [draft, setDraft] = useState<Set<string> | null>(null);

  const saved = useMemo(
    () => (detail.data ? cellsOf(detail.data.grants, catalogue) : new Set<string>()),
    [detail.data, catalogue],
  );
  const cells = draft ?? saved;
  const dirty = draft !== null && !sameCells(draft, saved);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const submit = () =>
    save.mutate(
      { id: role.id, grants: grantsOf(cells, catalogue) },
      {
        onSuccess: () => {
          setDraft(null);
          toast.success(message('permissionsSaved'));
        },
        onError: (error) => toast.error(failure(error, t('matrix.saveFailed'))),
      },
    );

  let body;
  if (detail.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (detail.isError) {
    body = (
      <LoadFailedAlert
        title={t('roleLoadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void detail.refetch()}
      />
    );
  } else {
    body = (
      <>
        {catalogue.length === 0 ? (
          <Empty description={t('matrix.noMenus')} data-testid="matrix-no-menus">
            <Link to="/settings/menu">{t('matrix.toMenus')}</Link>
          </Empty>
        ) : (
          <>
            <div
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: token.marginSM,
                marginBottom: token.marginSM,
              }}
            >
              <Space wrap>
                <Button onClick={() => setDraft(allCells(catalogue))} disabled={save.isPending}>
                  {t('matrix.selectAll')}
                </Button>
                <Button onClick={() => setDraft(new Set())} disabled={save.isPending}>
                  {t('matrix.clear')}
                </Button>
              </Space>
              <Space wrap>
                {dirty ? (
                  <Tag color="warning" data-testid="matrix-dirty">
                    {t('matrix.unsaved')}
                  </Tag>
                ) : null}
                <Button onClick={() => setDraft(null)} disabled={!dirty || save.isPending}>
                  {t('matrix.discard')}
                </Button>
                <Button type="primary" onClick={submit} disabled={!dirty} loading={save.isPending}>
                  {t('matrix.save')}
                </Button>
              </Space>
            </div>
            <PermissionMatrix rows={catalogue} cells={cells} disabled={save.isPending} onChange={setDraft} />
          </>
        )}
        <RoleMembers members={detail.data.members} />
      </>
    );
  }

  return (
    <section aria-labelledby="role-editor-heading">
      <h2 id="role-editor-heading" style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>
        {role.role_name}
      </h2>
      {role.description ? (
        <p style={{ color: token.colorTextSecondary, marginTop: token.marginXXS }}>{role.description}</p>
      ) : null}
      <div style={{ marginTop: token.marginSM }}>{body}</div>
    </section>
  );
}
