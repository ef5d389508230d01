import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import { type MenuTreeNode, type SaveMenuBody } from '@formloop/contracts';
import { DESCRIPTION_MAX_LENGTH } from '@formloop/domain';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { domainRule } from '../../auth/index.ts';
import { MenuIcon } from '../../../shared/ui/menu-icon.tsx';
import { useSaveMenu } from '../api.ts';
import { fieldErrorsOf } from '../../../shared/api/api-error.ts';
import { knownReason, useMenuMessages } from '../messages.ts';
import { groupOptions, type MenuTree } from '../tree-model.ts';
import { actionUrlMessage, descriptionMessage, menuNameMessage } from '../validation.ts';
import { IconPickerModal } from './icon-picker-modal.tsx';

interface MenuValues {
  kind: 'link' | 'group';
  menu_name: string;
  action_url: string;
  parent_id: string;
  icon_class: string;
  description: string;
  show_on_seed: boolean;
}

const TOP_LEVEL = '';
const FIELDS: readonly string[] = ['menu_name', 'action_url', 'icon_class', 'description', 'parent_id'];

/** What the drawer edits: an existing entry, or a new link or group (optionally inside a group). */
export type MenuEditing =
  { mode: 'edit'; node: MenuTreeNode } | { mode: 'create'; isGroup: boolean; parentId: string | null };

/** Add or edit one menu entry (spec §3 "Menu item edit": menu_name, action_url, icon_class, is_group, show_on_seed). */
export function MenuFormDrawer({
  editing,
  tree,
  onClose,
}: {
  editing: MenuEditing | null;
  tree: MenuTree;
  onClose: () => void;
}) {
  const { t } = useTranslation('menus');
  const { server, translate } = useMenuMessages();
  const toast = useToast();
  const save = useSaveMenu();
  const [form] = Form.useForm<MenuValues>();
  const [picking, setPicking] = useState(false);
  const kind = Form.useWatch('kind', form);
  const icon = Form.useWatch('icon_class', form) ?? '';
  const open = editing !== null;
  const node = editing?.mode === 'edit' ? editing.node : null;
  // A group that still has entries cannot become a link (the server says so too).
  const kindLocked = node !== null && node.is_group && node.children.length > 0;
  const groups = useMemo(() => groupOptions(tree, node?.id), [tree, node]);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(
      editing.mode === 'edit'
        ? {
            kind: editing.node.is_group ? 'group' : 'link',
            menu_name: editing.node.menu_name,
            action_url: editing.node.action_url,
            parent_id: editing.node.parent_id ?? TOP_LEVEL,
            icon_class: editing.node.icon_class,
            description: editing.node.description,
            show_on_seed: editing.node.show_on_seed,
          }
        : {
            kind: editing.isGroup ? 'group' : 'link',
            menu_name: '',
            action_url: '',
            parent_id: editing.parentId ?? TOP_LEVEL,
            icon_class: '',
            description: '',
            show_on_seed: false,
          },
    );
  }, [editing, form]);

  const submit = (values: MenuValues) => {
    const isGroup = values.kind === 'group';
    const body: SaveMenuBody = {
      ...(node ? { id: node.id } : {}),
      parent_id: values.parent_id === TOP_LEVEL ? null : values.parent_id,
      menu_name: values.menu_name,
      action_url: isGroup ? '' : (values.action_url ?? '').trim(),
      icon_class: values.icon_class,
      description: (values.description ?? '').trim(),
      is_group: isGroup,
      show_on_seed: values.show_on_seed,
    };
    save.mutate(body, {
      onSuccess: () => {
        toast.success(server('saved'));
        onClose();
      },
      onError: (error) => {
        const landed = fieldErrorsOf(error).filter((entry) => FIELDS.includes(entry.field));
        if (landed.length > 0) {
          form.setFields(
            landed.map((entry) => ({
              name: entry.field as keyof MenuValues,
              errors: [translate(entry)],
            })),
          );
        }
        const reason = knownReason(error);
        toast.error(reason && landed.length === 0 ? translate(reason) : t('messages.saveFailed'));
      },
    });
  };

  let title = t('form.editTitle');
  if (editing?.mode === 'create')
    title = editing.isGroup ? t('form.createGroupTitle') : t('form.createTitle');

  return (
    <Drawer
      open={open}
      title={title}
      onClose={onClose}
      size={480}
      forceRender
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('form.save')}
          </Button>
        </Space>
      }
    >
      <Form<MenuValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ kind: 'link', parent_id: TOP_LEVEL, show_on_seed: false }}
      >
        <Form.Item
          name="kind"
          label={t('form.kind')}
          extra={kindLocked ? t('form.groupKeepsEntries') : undefined}
        >
          <Radio.Group
            disabled={kindLocked}
            options={[
              { value: 'link', label: t('kind.link') },
              { value: 'group', label: t('kind.group') },
            ]}
          />
        </Form.Item>
        <Form.Item name="menu_name" label={t('form.name')} rules={[domainRule(menuNameMessage, translate)]}>
          <Input autoComplete="off" />
        </Form.Item>
        {kind === 'group' ? null : (
          <Form.Item
            name="action_url"
            label={t('form.actionUrl')}
            extra={t('form.actionUrlHint')}
            rules={[domainRule(actionUrlMessage, translate)]}
          >
            <Input autoComplete="off" placeholder="/tasks" />
          </Form.Item>
        )}
        <Form.Item name="parent_id" label={t('form.parent')}>
          <Select
            options={[
              { value: TOP_LEVEL, label: t('form.topLevel') },
              ...groups.map((group) => ({
                value: group.id,
                label: `${'\u2003'.repeat(group.depth - 1)}${group.name}`,
              })),
            ]}
          />
        </Form.Item>
        <Form.Item label={t('form.icon')} required={false}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="icon_class" noStyle>
              <Input
                readOnly
                aria-label={t('form.icon')}
                placeholder={t('form.noIcon')}
                prefix={icon ? <MenuIcon name={icon} /> : undefined}
              />
            </Form.Item>
            {icon ? (
              <Button
                aria-label={t('form.clearIcon')}
                icon={<CloseOutlined />}
                onClick={() => form.setFieldValue('icon_class', '')}
              />
            ) : null}
            <Button onClick={() => setPicking(true)}>{t('form.selectIcon')}</Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="description"
          label={t('form.description')}
          rules={[domainRule(descriptionMessage, translate)]}
        >
          <TextArea rows={3} showCount maxLength={DESCRIPTION_MAX_LENGTH} />
        </Form.Item>
        <Form.Item name="show_on_seed" valuePropName="checked" extra={t('form.showOnSeedHint')}>
          <Checkbox>{t('form.showOnSeed')}</Checkbox>
        </Form.Item>
        {/* Enter in a field submits, like the Save button. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
      <IconPickerModal
        open={picking}
        value={icon}
        onSelect={(name) => form.setFieldValue('icon_class', name)}
        onClose={() => setPicking(false)}
      />
    </Drawer>
  );
}
