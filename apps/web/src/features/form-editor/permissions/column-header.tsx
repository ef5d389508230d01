import { FIELD_CONTROL_LEVELS, type FieldControlLevel } from '@formloop/domain';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';

interface Props {
  activityId: string;
  name: string;
  readOnly?: boolean;
  canSetAll: boolean;
  hasRules: boolean;
  onSetAll(control: FieldControlLevel): void;
  onClear(): void;
}

/** An activity's column title with the column-wide actions: one level for every field, or no rules. */
export function ColumnHeader({ activityId, name, readOnly, canSetAll, hasRules, onSetAll, onClear }: Props) {
  const { t } = useTranslation('formReview');
  return (
    <Space orientation="vertical" size={2} data-testid={`perm-column-${activityId}`}>
      <span>{name}</span>
      {readOnly ? null : (
        <Space size={4}>
          <Dropdown
            trigger={['click']}
            disabled={!canSetAll}
            menu={{
              items: FIELD_CONTROL_LEVELS.map((control) => ({
                key: control,
                label: t('permissions.bulk.level', { level: t(`levels.${control}`) }),
              })),
              onClick: ({ key }) => onSetAll(key as FieldControlLevel),
            }}
          >
            <Button size="small" aria-label={t('permissions.bulk.setAllLabel', { activity: name })}>
              {t('permissions.bulk.setAll')} <DownOutlined />
            </Button>
          </Dropdown>
          <Popconfirm
            title={t('permissions.bulk.clearConfirm', { activity: name })}
            okText={t('permissions.bulk.clear')}
            cancelText={t('permissions.bulk.cancel')}
            onConfirm={onClear}
            disabled={!hasRules}
          >
            <Button
              size="small"
              type="text"
              disabled={!hasRules}
              aria-label={t('permissions.bulk.clearLabel', { activity: name })}
            >
              {t('permissions.bulk.clear')}
            </Button>
          </Popconfirm>
        </Space>
      )}
    </Space>
  );
}
