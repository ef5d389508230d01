import FieldTimeOutlined from '@ant-design/icons/es/icons/FieldTimeOutlined';
import ImportOutlined from '@ant-design/icons/es/icons/ImportOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { RecordForm } from '@formloop/contracts';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../../shared/ui/menu-icon.tsx';
import { itemEditorPath } from '../paths.ts';
import { scheduleListPath } from '../../scheduler/index.ts';
import { ImportDialog } from './import-dialog.tsx';

/** The app's icon, name and description, with New entry, Import CSV and Schedules for those who may create. */
export function RecordListHeader({ form }: { form: RecordForm }) {
  const { t } = useTranslation('records');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [importing, setImporting] = useState(false);
  return (
    <div style={{ display: 'flex', alignItems: 'flex-start', gap: token.margin, flexWrap: 'wrap' }}>
      <MenuIcon name={form.app_icon} style={{ fontSize: 32, color: token.colorPrimary, marginTop: 4 }} />
      <div style={{ flex: 1, minWidth: 200 }}>
        <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>{form.display_name}</h1>
        {form.module_description ? (
          <p style={{ color: token.colorTextSecondary, margin: `${token.marginXXS}px 0 0` }}>
            {form.module_description}
          </p>
        ) : null}
      </div>
      {form.can.create ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: token.marginXS }}>
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            {t('header.importCsv')}
          </Button>
          <Button icon={<FieldTimeOutlined />} onClick={() => void navigate(scheduleListPath(form.id))}>
            {t('header.schedules')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => void navigate(itemEditorPath(form.id))}
          >
            {t('header.newEntry')}
          </Button>
          <ImportDialog form={form} open={importing} onClose={() => setImporting(false)} />
        </div>
      ) : null}
    </div>
  );
}
