import type { UserLicence } from '@formloop/contracts';
import { USER_KINDS, type UserKind } from '@formloop/domain';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useKindName } from '../messages.ts';

/**
 * The licence kinds with the seats each has left. A kind without a free seat is disabled (unless
 * `needsSeat` is false: an inactive user holds none), and System Administrator is offered only to
 * system administrators. Used inside a Form.Item, which passes value and onChange.
 */
export function LicenceSelect({
  id,
  value,
  onChange,
  licences,
  canGrantSysAdmin,
  needsSeat = true,
  current,
}: {
  id?: string;
  value?: UserKind;
  onChange?: (kind: UserKind) => void;
  licences: UserLicence[] | undefined;
  canGrantSysAdmin: boolean;
  needsSeat?: boolean;
  current?: UserKind;
}) {
  const { t } = useTranslation('userManagement');
  const kindName = useKindName();
  const byKind = new Map((licences ?? []).map((licence) => [licence.kind, licence]));
  const kinds = USER_KINDS.filter(
    (kind) => kind !== 'SYSTEM_ADMINISTRATOR' || canGrantSysAdmin || current === kind,
  );
  const options = kinds.map((kind) => {
    const available = byKind.get(kind)?.available;
    const name = kindName(kind);
    const full = needsSeat && available === 0 && kind !== current;
    let label = name;
    if (available === null) label = t('licenceSelect.unlimited', { name });
    else if (available !== undefined) {
      label = full ? t('licenceSelect.full', { name }) : t('licenceSelect.left', { name, seats: available });
    }
    return { value: kind, label, disabled: full || (kind === 'SYSTEM_ADMINISTRATOR' && !canGrantSysAdmin) };
  });
  return (
    <Select<UserKind>
      id={id}
      value={value}
      onChange={(kind) => onChange?.(kind)}
      options={options}
      loading={!licences}
      placeholder={t('licenceSelect.placeholder')}
    />
  );
}
