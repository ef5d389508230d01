import type { ManagedUserDetail } from '@formloop/contracts';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useSetUserRoles } from '../api.ts';
import { failureText, useUsersMessage } from '../messages.ts';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * The user's roles as a multi-select of the tenant's roles; Save replaces them (PUT roles). Key it
 * on the saved role ids, so a fresh answer from the server starts the choice again.
 */
export function UserRolesEditor({ user, readOnly }: { user: ManagedUserDetail; readOnly: boolean }) {
  const { t } = useTranslation('userManagement');
  const translate = useUsersMessage();
  const toast = useToast();
  const save = useSetUserRoles();
  const saved = user.roles.map((role) => role.id);
  const [chosen, setChosen] = useState<string[]>(saved);

  const submit = () =>
    save.mutate(
      { id: user.id, roleIds: chosen },
      {
        onSuccess: (response) => toast.success(translate(response.message)),
        onError: (error) => toast.error(failureText(error, translate, t('roles.failed'))),
      },
    );

  if (user.available_roles.length === 0) {
    return <p data-testid="no-roles">{t('roles.noneDefined')}</p>;
  }
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Select<string[]>
        id="user-roles"
        mode="multiple"
        aria-label={t('roles.label')}
        value={chosen}
        onChange={setChosen}
        disabled={readOnly}
        placeholder={t('roles.placeholder')}
        style={{ minWidth: 320, flex: 1 }}
        optionFilterProp="label"
        options={user.available_roles.map((role) => ({ value: role.id, label: role.role_name }))}
      />
      {readOnly ? null : (
        <Button type="primary" onClick={submit} loading={save.isPending} disabled={sameSet(chosen, saved)}>
          {t('roles.save')}
        </Button>
      )}
    </div>
  );
}
