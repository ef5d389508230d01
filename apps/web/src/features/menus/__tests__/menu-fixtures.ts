import type { MenuTreeNode } from '@formloop/contracts';

/** A menu tree node for tests: a group when it has children (or `group`), else a link to /{id}. */
export function menuNode(
  id: string,
  options: { group?: boolean; children?: MenuTreeNode[]; seed?: boolean; url?: string } = {},
): MenuTreeNode {
  const isGroup = options.group ?? Boolean(options.children);
  return {
    id,
    parent_id: null,
    menu_name: id,
    text: id,
    action_url: isGroup ? '' : (options.url ?? `/${id.toLowerCase()}`),
    icon_class: '',
    icon: null,
    description: '',
    is_group: isGroup,
    type: isGroup ? 'group' : 'Module',
    show_on_seed: options.seed ?? false,
    order_index: 0,
    children: options.children ?? [],
  };
}
