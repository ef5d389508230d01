import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import SaveOutlined from '@ant-design/icons/es/icons/SaveOutlined';
import { REFERENCE_VALUES_MAX, type ReferenceListDetail } from '@formloop/contracts';
import { DEFAULT_PAGE_SIZE } from '@formloop/domain';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldErrorsOf, isApiError } from '../../../shared/api/api-error.ts';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useSaveReferenceList } from '../api.ts';
import { REFERENCE_DATA_NAMESPACE, failureReason, useReferenceMessages } from '../messages.ts';
import { referenceDetailHref } from '../paths.ts';
import {
  appendValues,
  blankRow,
  editSnapshot,
  fieldsOf,
  rowErrorsFromServer,
  rowProblems,
  rowsOf,
  saveBodyOf,
  tooManyRows,
  type EditableRow,
  type ListFields as ListFieldValues,
} from '../values-model.ts';
import { LeaveGuard } from '../../../shared/ui/leave-guard.tsx';
import { ListFields } from './list-fields.tsx';
import { PasteValues } from './paste-values.tsx';
import { ValuesEditor, type ValuesPaging } from './values-editor.tsx';

const FORM_FIELDS: readonly string[] = ['key_name', 'categories', 'description'];

/** Edits one list (or a new one when `detail` is undefined): its fields and its ordered values, saved together. */
export function ListEditor({ detail }: { detail: ReferenceListDetail | undefined }) {
  const { t } = useTranslation(REFERENCE_DATA_NAMESPACE);
  const { token } = theme.useToken();
  const { text, translate } = useReferenceMessages();
  const toast = useToast();
  const navigate = useNavigate();
  const save = useSaveReferenceList();
  const [form] = Form.useForm<ListFieldValues>();
  const columns = detail?.columns ?? [];
  const [fields, setFields] = useState<ListFieldValues>(() => fieldsOf(detail));
  const [rows, setRows] = useState<EditableRow[]>(() => (detail ? rowsOf(detail) : []));
  const [baseline, setBaseline] = useState(() => editSnapshot(fields, columns, rows));
  const [rowErrors, setRowErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [paging, setPaging] = useState<ValuesPaging>({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const dirty = editSnapshot(fields, columns, rows) !== baseline;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const seenVersion = useRef(detail?.modified_at);

  // The server's list changed (our own save coming back): show what is stored, with its row ids.
  useEffect(() => {
    if (!detail || seenVersion.current === detail.modified_at) return;
    seenVersion.current = detail.modified_at;
    const nextFields = fieldsOf(detail);
    const nextRows = rowsOf(detail);
    form.setFieldsValue(nextFields);
    setFields(nextFields);
    setRows(nextRows);
    setBaseline(editSnapshot(nextFields, detail.columns, nextRows));
    setRowErrors(new Map());
  }, [detail, form]);

  const lastPage = (count: number, pageSize = paging.pageSize) => Math.max(1, Math.ceil(count / pageSize));
  const shownPaging = { ...paging, page: Math.min(paging.page, lastPage(rows.length)) };

  const changeRows = (next: EditableRow[]) => {
    setRows(next);
    setGeneralError(null);
    // A fixed value clears its own problem; others stay until the next save.
    if (rowErrors.size > 0) {
      const problems = rowProblems(next);
      setRowErrors(new Map([...rowErrors].filter(([key]) => problems.has(key))));
    }
  };

  const addRow = () => {
    const row = blankRow();
    changeRows([...rows, row]);
    setFocusKey(row.key);
    setPaging({ ...paging, page: lastPage(rows.length + 1) });
  };

  const addPasted = (values: string[]) => {
    const result = appendValues(rows, values);
    changeRows(result.rows);
    setPaging({ ...paging, page: lastPage(result.rows.length) });
    toast.info(t('paste.result', { added: result.added, skipped: result.skipped }));
  };

  /** Shows problems on their rows and opens the page of the first one. */
  const showRowErrors = (problems: ReadonlyMap<string, string>) => {
    setRowErrors(new Map([...problems].map(([key, message]) => [key, translate(message)])));
    const first = rows.findIndex((row) => problems.has(row.key));
    if (first >= 0) setPaging({ ...paging, page: Math.floor(first / paging.pageSize) + 1 });
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const problems = rowProblems(rows);
    if (problems.size > 0 || tooManyRows(rows)) {
      showRowErrors(problems);
      if (tooManyRows(rows)) setGeneralError(text('tooManyValues', { max: REFERENCE_VALUES_MAX }));
      toast.error(text('listSaveFailed'));
      return;
    }
    const sent = editSnapshot(fields, columns, rows);
    save.mutate(saveBodyOf(detail?.id, fields, columns, rows), {
      onSuccess: (response) => {
        toast.success(text('listSaved'));
        setBaseline(sent);
        if (!detail) {
          // A new list now has an address of its own; nothing is unsaved any more.
          dirtyRef.current = false;
          void navigate(referenceDetailHref(response.data.record_id), { replace: true });
        }
      },
      onError: (error) => {
        const errors = fieldErrorsOf(error);
        form.setFields(
          errors
            .filter((entry) => FORM_FIELDS.includes(entry.field))
            .map((entry) => ({
              name: entry.field as keyof ListFieldValues,
              errors: [translate(entry)],
            })),
        );
        if (isApiError(error) && error.status === 409) {
          form.setFields([{ name: 'key_name', errors: [translate(error)] }]);
        }
        const onRows = rowErrorsFromServer(errors, rows);
        if (onRows.size > 0) showRowErrors(onRows);
        const other = errors.find(
          (entry) => !FORM_FIELDS.includes(entry.field) && !/^values\.\d+\./.test(entry.field),
        );
        setGeneralError(other ? translate(other.message) : null);
        toast.error(failureReason(error, translate, text('listSaveFailed')));
      },
    });
  };

  return (
    <div>
      <LeaveGuard namespace={REFERENCE_DATA_NAMESPACE} dirty={dirtyRef} active={dirty} />
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: token.margin }}
      >
        <Space align="center">
          <h1 style={{ fontSize: token.fontSizeHeading3, margin: 0 }}>
            {detail ? detail.key_name : t('detail.newTitle')}
          </h1>
          {dirty ? (
            <Tag color="warning" data-testid="unsaved-marker">
              {t('detail.unsaved')}
            </Tag>
          ) : null}
        </Space>
        <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => void submit()}>
          {t('detail.save')}
        </Button>
      </div>
      <div style={{ marginTop: token.marginLG }}>
        <ListFields form={form} initial={fields} onValues={setFields} />
      </div>
      <h2 style={{ fontSize: token.fontSizeHeading4 }}>{t('values.title', { n: rows.length })}</h2>
      {generalError ? (
        <Alert type="error" showIcon title={generalError} style={{ marginBottom: token.marginSM }} />
      ) : null}
      <ValuesEditor
        rows={rows}
        columns={columns}
        errors={rowErrors}
        paging={shownPaging}
        onPaging={setPaging}
        onChange={changeRows}
        focusKey={focusKey}
      />
      <Button icon={<PlusOutlined />} onClick={addRow} style={{ marginTop: token.marginSM }}>
        {t('values.add')}
      </Button>
      <div style={{ marginTop: token.marginLG, maxWidth: 640 }}>
        <PasteValues onAdd={addPasted} />
      </div>
    </div>
  );
}
