import { SEARCH_DEBOUNCE_MS } from '@formloop/domain';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { useAssignees } from '../api.ts';
import { TASKS_NAMESPACE } from '../messages.ts';

export interface AssigneePickerProps {
  /** The record whose app decides who may be picked (LookupAssigneeByRecord). */
  recordId: string;
  /** Who may not be picked: the task's current assignees. */
  exclude?: readonly string[];
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
  autoFocus?: boolean;
}

/**
 * The users a task of this record may be given to: the server searches by name, user name or e-mail
 * 500 ms after the last key (spec §9); the list loads when the picker is first opened or focused.
 */
export function AssigneePicker(props: AssigneePickerProps) {
  const { t } = useTranslation(TASKS_NAMESPACE);
  const [wanted, setWanted] = useState(Boolean(props.autoFocus));
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAssignees(props.recordId, settled, wanted);
  const options = useMemo(() => {
    const excluded = new Set(props.exclude ?? []);
    return (users.data ?? [])
      .filter((user) => !excluded.has(user.approver_id))
      .map((user) => ({
        value: user.approver_id,
        label: user.email ? `${user.name} (${user.email})` : user.name,
      }));
  }, [users.data, props.exclude]);

  return (
    <Select<string>
      id={props.id}
      autoFocus={props.autoFocus}
      allowClear
      placeholder={t('reassign.userPlaceholder')}
      value={props.value}
      onChange={(value) => props.onChange?.(value ?? undefined)}
      onFocus={() => setWanted(true)}
      onOpenChange={(open) => open && setWanted(true)}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      options={options}
      loading={users.isFetching}
      notFoundContent={users.isFetching ? <Spin size="small" /> : t('reassign.noUsers')}
      style={{ width: '100%' }}
    />
  );
}
