import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { RECORD_IMPORT_MESSAGES, type RecordForm } from '@formloop/contracts';
import { isCalculationFieldType } from '@formloop/domain';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import theme from 'antd/es/theme';
import Upload from 'antd/es/upload';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartImport } from '../api.ts';
import { autoMap, readCsvPreview } from '../lib/csv-header.ts';
import { fieldLabel, topLevelFields } from '../lib/list-columns.ts';
import { failureText, useRecordsMessage } from '../messages.ts';
import { ImportProgress } from './import-progress.tsx';

interface Chosen {
  file: File;
  columns: string[];
  estimatedRows: number;
}

/** Fields a CSV column can fill: top-level fields holding a value people enter. */
function importableFields(form: RecordForm) {
  return topLevelFields(form.definition.fieldGroups).filter(
    (field) =>
      field.fieldType !== 'button' && !field.isComputedField && !isCalculationFieldType(field.fieldType),
  );
}

/**
 * Import CSV: choose a file, map its columns (read from its header row here) to fields, start, then
 * follow the import (ImportProgress) until its rejected rows are listed.
 */
export function ImportDialog({
  form,
  open,
  onClose,
}: {
  form: RecordForm;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('records');
  const { token } = theme.useToken();
  const translate = useRecordsMessage();
  const start = useStartImport(form.id);
  const fields = useMemo(() => importableFields(form), [form]);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);

  const reset = () => {
    setChosen(null);
    setMapping({});
    setProblem(null);
    setImportId(null);
    start.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = async (file: File) => {
    setProblem(null);
    try {
      const preview = await readCsvPreview(file);
      if (preview.columns.length === 0) {
        setChosen(null);
        setProblem(t('import.noColumns'));
        return;
      }
      setChosen({ file, ...preview });
      setMapping(autoMap(preview.columns, fields));
    } catch {
      setProblem(t('import.readFailed'));
    }
  };

  const mapped = Object.fromEntries(Object.entries(mapping).filter(([, field]) => field !== ''));
  const begin = () => {
    if (!chosen) return setProblem(translate(RECORD_IMPORT_MESSAGES.noFile));
    if (Object.keys(mapped).length === 0) return setProblem(translate(RECORD_IMPORT_MESSAGES.badMapping));
    setProblem(null);
    start.mutate(
      { file: chosen.file, mapping: mapped },
      {
        onSuccess: setImportId,
        onError: (error) => setProblem(failureText(error, translate, t('import.startFailed'))),
      },
    );
  };

  const fieldOptions = [
    { value: '', label: t('import.ignore') },
    ...fields.map((field) => ({ value: field.name, label: fieldLabel(field) })),
  ];

  const footer = importId
    ? [
        <Button key="close" type="primary" onClick={close}>
          {t('import.close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={close}>
          {t('cancel')}
        </Button>,
        <Button key="start" type="primary" loading={start.isPending} disabled={!chosen} onClick={begin}>
          {t('import.start')}
        </Button>,
      ];

  return (
    <Modal open={open} title={t('import.title')} onCancel={close} footer={footer} width={720} destroyOnHidden>
      {importId && chosen ? (
        <ImportProgress moduleId={form.id} importId={importId} estimatedRows={chosen.estimatedRows} />
      ) : (
        <div data-testid="import-setup">
          <Upload
            accept=".csv,text/csv"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              void choose(file);
              // Nothing uploads here: the file goes with its mapping when the import starts.
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>
              {chosen ? t('import.chooseAnother') : t('import.chooseFile')}
            </Button>
          </Upload>
          {chosen ? (
            <>
              <p style={{ margin: `${token.marginSM}px 0` }}>
                {t('import.columnsFound', { count: chosen.columns.length, name: chosen.file.name })}
              </p>
              <Table<string>
                size="small"
                rowKey={(column) => column}
                pagination={false}
                scroll={{ y: 320 }}
                dataSource={chosen.columns}
                columns={[
                  {
                    key: 'column',
                    title: t('import.csvColumn'),
                    render: (_: unknown, column: string) => column,
                  },
                  {
                    key: 'field',
                    title: t('import.field'),
                    render: (_: unknown, column: string) => (
                      <Select
                        aria-label={t('import.mapTo', { column })}
                        value={mapping[column] ?? ''}
                        onChange={(field: string) =>
                          setMapping((current) => ({ ...current, [column]: field }))
                        }
                        options={fieldOptions}
                        style={{ width: '100%' }}
                      />
                    ),
                  },
                ]}
              />
            </>
          ) : (
            <p style={{ color: token.colorTextSecondary, marginTop: token.marginSM }}>{t('import.intro')}</p>
          )}
          {problem ? (
            <Alert type="error" showIcon title={problem} style={{ marginTop: token.marginSM }} />
          ) : null}
        </div>
      )}
    </Modal>
  );
}
