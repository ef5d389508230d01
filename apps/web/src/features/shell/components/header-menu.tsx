import type { AppMenuEntry } from '@formloop/contracts';
import Menu, { type MenuProps } from 'antd/es/menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { splitAppMenu } from '../navigation.ts';
import { MenuIcon } from '../../../shared/ui/menu-icon.tsx';
import { useAppMenu } from '../hooks/use-app-menu.ts';

type Items = NonNullable<MenuProps['items']>;

/** Groups become submenus; disabled entries stay visible but cannot be opened (spec §2). */
export function menuItems(
  entries: readonly AppMenuEntry[],
  linkFor: (href: string) => string = (href) => href,
): Items {
  return entries.map((entry) =>
    entry.items.length > 0
      ? {
          key: entry.id,
          icon: <MenuIcon name={entry.icon} />,
          label: entry.title,
          disabled: entry.disabled,
          children: menuItems(entry.items, linkFor),
        }
      : {
          key: entry.id,
          icon: <MenuIcon name={entry.icon} />,
          disabled: entry.disabled,
          label: entry.disabled ? entry.title : <Link to={linkFor(entry.href)}>{entry.title}</Link>,
        },
  );
}

/** The header menu: the user's application menu without the /settings entry (spec §2). */
export function HeaderMenu({ selectedKeys }: { selectedKeys: string[] }) {
  const { t } = useTranslation('shell');
  const appMenu = useAppMenu();
  const { header } = splitAppMenu(appMenu);
  if (header.length === 0) return null;
  return (
    <nav aria-label={t('topBar.mainMenu')} style={{ flex: 1, minWidth: 0 }}>
      <Menu
        mode="horizontal"
        selectedKeys={selectedKeys}
        items={menuItems(header)}
        style={{ borderBottom: 'none', background: 'transparent' }}
      />
    </nav>
  );
}
