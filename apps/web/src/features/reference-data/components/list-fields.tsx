import type { FormInstance } from 'antd/es/form';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { domainRule } from '../../auth/index.ts';
import { useAddReferenceCategory, useReferenceCategories } from '../api.ts';
import { REFERENCE_DATA_NAMESPACE, failureReason, useReferenceMessages } from '../messages.ts';
import { categoryNameMessage, descriptionMessage, keyNameMessage } from '../validation.ts';
import type { ListFields as ListFieldValues } from '../values-model.ts';

interface Props {
  form: FormInstance<ListFieldValues>;
  initial: ListFieldValues;
  onValues: (values: ListFieldValues) => void;
}

/**
 * key_name, categories and description. Categories are tags: picking a name that is not a category
 * yet adds it through category/add straight away (and drops the tag again if that is refused).
 */
export function ListFields({ form, initial, onValues }: Props) {
  const { t } = useTranslation(REFERENCE_DATA_NAMESPACE);
  const { text, translate } = useReferenceMessages();
  const toast = useToast();
  const categories = useReferenceCategories();
  const addCategory = useAddReferenceCategory();
  const known = categories.data ?? [];

  const dropTag = (name: string) => {
    const current = (form.getFieldValue('categories') as string[] | undefined) ?? [];
    const next = current.filter((entry) => entry !== name);
    form.setFieldValue('categories', next);
    onValues({ ...(form.getFieldsValue(true) as ListFieldValues), categories: next });
  };

  const onSelect = (name: string) => {
    const trimmed = name.trim();
    if (known.some((entry) => entry.category_name.toLowerCase() === trimmed.toLowerCase())) return;
    const problem = categoryNameMessage(trimmed);
    if (problem) {
      toast.error(translate(problem));
      dropTag(name);
      return;
    }
    addCategory.mutate(trimmed, {
      onSuccess: () => toast.success(text('categoryAdded')),
      onError: (error) => {
        toast.error(failureReason(error, translate, text('categoryAddFailed')));
        dropTag(name);
      },
    });
  };

  return (
    <Form<ListFieldValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onValuesChange={(_changed, all) => onValues({ ...initial, ...all })}
    >
      <Form.Item name="key_name" label={t('fields.keyName')} rules={[domainRule(keyNameMessage, translate)]}>
        <Input autoComplete="off" style={{ maxWidth: 480 }} />
      </Form.Item>
      <Form.Item name="categories" label={t('fields.categories')} extra={t('fields.categoriesHint')}>
        <Select
          mode="tags"
          aria-label={t('fields.categories')}
          loading={categories.isPending || addCategory.isPending}
          tokenSeparators={[',']}
          options={known.map((entry) => ({ value: entry.category_name, label: entry.category_name }))}
          onSelect={onSelect}
          style={{ maxWidth: 480 }}
        />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('fields.description')}
        rules={[domainRule(descriptionMessage, translate)]}
      >
        <TextArea autoSize={{ minRows: 2, maxRows: 5 }} style={{ maxWidth: 640 }} />
      </Form.Item>
    </Form>
  );
}
