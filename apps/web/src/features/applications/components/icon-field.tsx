import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPickerModal } from '../../menus/components.ts';
import { MenuIcon } from '../../../shared/ui/menu-icon.tsx';

/**
 * The app icon (spec §2): read-only text, set only through the Select Icon modal, so a stored icon
 * is always a name the icon library knows. A form control: Form.Item passes id, value, onChange.
 */
export function IconField({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('applications');
  const [picking, setPicking] = useState(false);
  const current = value ?? '';
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          readOnly
          value={current}
          placeholder={t('create.iconPlaceholder')}
          prefix={<MenuIcon name={current || null} />}
          disabled={disabled}
        />
        {current && !disabled ? (
          <Button
            icon={<CloseOutlined aria-hidden />}
            aria-label={t('create.iconClear')}
            onClick={() => onChange?.('')}
          />
        ) : null}
        <Button disabled={disabled} onClick={() => setPicking(true)}>
          {t('create.iconChoose')}
        </Button>
      </Space.Compact>
      <IconPickerModal
        open={picking}
        value={current}
        onSelect={(name) => onChange?.(name)}
        onClose={() => setPicking(false)}
      />
    </>
  );
}
