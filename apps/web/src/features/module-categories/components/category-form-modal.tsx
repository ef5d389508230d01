import type { ModuleCategory } from '@formloop/contracts';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Modal from 'antd/es/modal';
import type { InputRef } from 'antd/es/input';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useToast } from '../../../shared/ui/toast.tsx';
import { domainRule } from '../../auth/index.ts';
import { useSaveModuleCategory } from '../api.ts';
import { fieldErrorsOf } from '../../../shared/api/api-error.ts';
import { serverReason, useGroupMessages } from '../messages.ts';
import { categoryIconMessage, categoryNameMessage } from '../validation.ts';

interface GroupValues {
  category_name: string;
  category_icon: string;
}

const FIELDS: readonly string[] = ['category_name', 'category_icon'];

/** Create (group undefined) or rename a group; open while `open` is true. */
export function CategoryFormModal({
  open,
  group,
  onClose,
}: {
  open: boolean;
  group: ModuleCategory | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('moduleCategories');
  const { group: groupText, translate } = useGroupMessages();
  const toast = useToast();
  const [form] = Form.useForm<GroupValues>();
  const save = useSaveModuleCategory();
  const nameRef = useRef<InputRef>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      category_name: group?.category_name ?? '',
      category_icon: group?.category_icon ?? '',
    });
  }, [open, group, form]);

  const submit = ({ category_name, category_icon }: GroupValues) =>
    save.mutate(
      { ...(group ? { id: group.id } : {}), category_name, category_icon: category_icon.trim() || null },
      {
        onSuccess: () => {
          toast.success(groupText('groupSaved'));
          onClose();
        },
        onError: (error) => {
          const landed = fieldErrorsOf(error).filter((entry) => FIELDS.includes(entry.field));
          if (landed.length > 0) {
            form.setFields(
              landed.map((entry) => ({
                name: entry.field as keyof GroupValues,
                errors: [translate(entry)],
              })),
            );
            return;
          }
          // A duplicate name belongs under the name field; the toast still says the save failed.
          const reason = serverReason(error);
          if (reason && isApiError(error) && error.status === 409) {
            form.setFields([{ name: 'category_name', errors: [translate(reason)] }]);
          }
          toast.error(groupText('groupSaveFailed'));
        },
      },
    );

  return (
    <Modal
      open={open}
      title={group ? t('form.renameTitle') : t('form.createTitle')}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      forceRender
      afterOpenChange={(visible) => {
        if (visible) nameRef.current?.focus();
      }}
    >
      <Form<GroupValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ category_name: '', category_icon: '' }}
      >
        <Form.Item
          name="category_name"
          label={t('form.name')}
          rules={[domainRule(categoryNameMessage, translate)]}
        >
          <Input ref={nameRef} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="category_icon"
          label={t('form.icon')}
          extra={t('form.iconHint')}
          rules={[domainRule(categoryIconMessage, translate)]}
        >
          <Input autoComplete="off" placeholder={t('form.iconPlaceholder')} />
        </Form.Item>
        {/* Enter in either field submits, like the OK button. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
