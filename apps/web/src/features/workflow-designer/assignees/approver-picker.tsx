import type { LookupAssigneeItem } from '@formloop/contracts';
import { SEARCH_DEBOUNCE_MS } from '@formloop/domain';
import type { Approver } from '@formloop/workflow';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { useAssigneeSearch } from '../api.ts';
import { approverKey, DIRECTORY_TYPES, INITIATOR_APPROVER } from '../model/approvers.ts';
import { fieldLabel, type WorkflowFormField } from '../model/form-fields.ts';
import { WORKFLOW_DESIGNER_NAMESPACE } from '../model/labels.ts';

interface Choice {
  approver: Approver;
  label: string;
}

const directoryLabel = (item: LookupAssigneeItem) =>
  item.email ? `${item.name} (${item.email})` : item.name;

const matches = (label: string, search: string) => label.toLowerCase().includes(search.trim().toLowerCase());

/**
 * Who gets a task: users, teams and roles found by LookupAssignee (the search waits 500 ms after the
 * last key, spec §9), a user field of the record, or the initiator. Grouped by kind in one list.
 */
export function ApproverPicker({
  id,
  value,
  onChange,
  userFields,
  'aria-describedby': describedBy,
}: {
  id: string;
  value: Approver[];
  onChange(next: Approver[]): void;
  userFields: WorkflowFormField[];
  'aria-describedby'?: string;
}) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Nothing is fetched until the list opens: showing an activity costs no search.
  const found = useAssigneeSearch(settled, open);

  const choices = useMemo(() => {
    const byKey = new Map<string, Choice>();
    const add = (choice: Choice) => {
      if (!byKey.has(approverKey(choice.approver))) byKey.set(approverKey(choice.approver), choice);
    };
    // The chosen ones first, so their labels exist before (and without) any search.
    for (const approver of value) {
      const field = userFields.find((candidate) => candidate.name === approver.approver_id);
      const label =
        approver.type === 'initiator'
          ? t('approvers.initiator')
          : approver.type === 'field' && field
            ? fieldLabel(field)
            : approver.name || approver.approver_id;
      add({ approver, label });
    }
    for (const item of found.data ?? []) {
      add({
        approver: { approver_id: item.approver_id, type: item.type, name: item.name },
        label: directoryLabel(item),
      });
    }
    for (const field of userFields) {
      add({
        approver: { approver_id: field.name, type: 'field', name: field.label },
        label: fieldLabel(field),
      });
    }
    add({ approver: INITIATOR_APPROVER, label: t('approvers.initiator') });
    return byKey;
  }, [value, found.data, userFields, t]);

  const options = useMemo(() => {
    const chosen = new Set(value.map(approverKey));
    const groups = [...DIRECTORY_TYPES, 'field', 'initiator'] as const;
    return groups.flatMap((type) => {
      const entries = [...choices.values()].filter(
        (choice) =>
          choice.approver.type === type &&
          // The server filtered the directory; fields and the initiator are filtered here.
          (chosen.has(approverKey(choice.approver)) ||
            DIRECTORY_TYPES.includes(type as (typeof DIRECTORY_TYPES)[number]) ||
            matches(choice.label, search)),
      );
      if (entries.length === 0) return [];
      return [
        {
          label: t(`approvers.groups.${type}`),
          title: t(`approvers.groups.${type}`),
          options: entries.map((choice) => ({ value: approverKey(choice.approver), label: choice.label })),
        },
      ];
    });
  }, [choices, value, search, t]);

  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      aria-describedby={describedBy}
      placeholder={t('approvers.placeholder')}
      value={value.map(approverKey)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      onChange={(keys) => {
        onChange(keys.flatMap((key) => choices.get(key)?.approver ?? []));
        setSearch('');
      }}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? <Spin size="small" /> : t('approvers.none')}
      style={{ width: '100%' }}
    />
  );
}
