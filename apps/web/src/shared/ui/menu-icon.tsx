import ApiOutlined from '@ant-design/icons/es/icons/ApiOutlined';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons/es/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/es/icons/BankOutlined';
import BarChartOutlined from '@ant-design/icons/es/icons/BarChartOutlined';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import BuildOutlined from '@ant-design/icons/es/icons/BuildOutlined';
import ClusterOutlined from '@ant-design/icons/es/icons/ClusterOutlined';
import DashboardOutlined from '@ant-design/icons/es/icons/DashboardOutlined';
import DatabaseOutlined from '@ant-design/icons/es/icons/DatabaseOutlined';
import DeploymentUnitOutlined from '@ant-design/icons/es/icons/DeploymentUnitOutlined';
import FileSearchOutlined from '@ant-design/icons/es/icons/FileSearchOutlined';
import FolderOutlined from '@ant-design/icons/es/icons/FolderOutlined';
import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import RobotOutlined from '@ant-design/icons/es/icons/RobotOutlined';
import SafetyOutlined from '@ant-design/icons/es/icons/SafetyOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useEffect, useSyncExternalStore, type ComponentProps } from 'react';

export type IconComponent = typeof HomeOutlined;

/** Every antd icon by component name ('HomeOutlined'), and the names in alphabetical order. */
export interface IconLibrary {
  names: readonly string[];
  icons: Readonly<Record<string, IconComponent>>;
}

type LibraryState = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; library: IconLibrary };

let libraryState: LibraryState = { status: 'idle' };
let pending: Promise<IconLibrary> | null = null;
const listeners = new Set<() => void>();

function setLibraryState(next: LibraryState): void {
  libraryState = next;
  listeners.forEach((listener) => listener());
}

const subscribeLibrary = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const libraryStatus = () => libraryState;

/**
 * Loads the whole antd icon library (a chunk of its own, fetched only when the icon picker opens or
 * a menu names an icon outside the fixed set). Loaded once; after a failure the next call tries again.
 */
export function loadIconLibrary(): Promise<IconLibrary> {
  if (libraryState.status === 'ready') return Promise.resolve(libraryState.library);
  pending ??= import('@ant-design/icons/es/icons').then(
    (module) => {
      const icons: Record<string, IconComponent> = {};
      for (const [name, value] of Object.entries(module)) {
        if (/(Outlined|Filled|TwoTone)$/.test(name)) icons[name] = value as IconComponent;
      }
      const library = { names: Object.keys(icons).sort(), icons };
      setLibraryState({ status: 'ready', library });
      return library;
    },
    (error: unknown) => {
      pending = null;
      setLibraryState({ status: 'failed' });
      throw error;
    },
  );
  if (libraryState.status !== 'loading') setLibraryState({ status: 'loading' });
  return pending;
}

// The shell's own icons are a fixed set imported up front: menu data names icons by string, and
// importing every icon would add megabytes. Any other antd icon name (a stored menu's icon_class,
// say 'CarFilled') loads the whole icon library lazily, the first time one is needed; until then,
// and for names that are no antd icon, the generic app icon shows.
const ICONS: Record<string, IconComponent> = {
  api: ApiOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  'bar-chart': BarChartOutlined,
  bell: BellOutlined,
  build: BuildOutlined,
  cluster: ClusterOutlined,
  dashboard: DashboardOutlined,
  database: DatabaseOutlined,
  deployment: DeploymentUnitOutlined,
  'deployment-unit': DeploymentUnitOutlined,
  'file-search': FileSearchOutlined,
  folder: FolderOutlined,
  home: HomeOutlined,
  menu: MenuOutlined,
  robot: RobotOutlined,
  safety: SafetyOutlined,
  setting: SettingOutlined,
  star: StarOutlined,
  team: TeamOutlined,
  user: UserOutlined,
};

const THEMES = ['Outlined', 'Filled', 'TwoTone'] as const;

/**
 * An icon name as the library's component name: 'home', 'home-outlined', 'anticon-home' and
 * 'HomeOutlined' are all 'HomeOutlined'; 'car-filled' is 'CarFilled'. Null when the name cannot be
 * an antd icon at all (e.g. 'fa fa-folder'), so no library is loaded for it.
 */
export function iconComponentName(name: string): string | null {
  const trimmed = name.trim().replace(/^anticon-/, '');
  if (/^[A-Z][A-Za-z0-9]*$/.test(trimmed)) {
    return THEMES.some((theme) => trimmed.endsWith(theme)) ? trimmed : `${trimmed}Outlined`;
  }
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(trimmed)) return null;
  const words = trimmed.replace(/-two-tone$/, '-twotone').split('-');
  const last = words[words.length - 1];
  const theme =
    last === 'outlined' ? 'Outlined' : last === 'filled' ? 'Filled' : last === 'twotone' ? 'TwoTone' : null;
  const base = theme ? words.slice(0, -1) : words;
  if (base.length === 0) return null;
  const pascal = base.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  return `${pascal}${theme ?? 'Outlined'}`;
}

/** The fixed icon for an outlined (or theme-less) name, e.g. 'HomeOutlined' → HomeOutlined. */
function fixedIcon(componentName: string): IconComponent | undefined {
  if (!componentName.endsWith('Outlined')) return undefined;
  const kebab = componentName
    .slice(0, -'Outlined'.length)
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
  return ICONS[kebab];
}

/** The library's icons once loaded (null before); asks for them only when `wanted`. */
function useIconLibrary(wanted: boolean) {
  const state = useSyncExternalStore(subscribeLibrary, libraryStatus, libraryStatus);
  useEffect(() => {
    // A failed load is not retried from here: every menu entry would ask again on each render.
    if (wanted && state.status === 'idle') loadIconLibrary().catch(() => undefined);
  }, [wanted, state.status]);
  return state.status === 'ready' ? state.library.icons : null;
}

type IconProps = Omit<ComponentProps<typeof HomeOutlined>, 'ref' | 'name'>;

/** antd menus clone their icons with a class that spaces them from the label, so props pass through. */
export function MenuIcon({ name, ...props }: IconProps & { name: string | null | undefined }) {
  const componentName = name ? iconComponentName(name) : null;
  // The shell's historical short names ('deployment', 'bar-chart') resolve through the fixed set first.
  const fixed = name
    ? (ICONS[name.trim().toLowerCase()] ?? (componentName ? fixedIcon(componentName) : undefined))
    : undefined;
  const library = useIconLibrary(!fixed && componentName !== null);
  const Icon = fixed ?? (componentName ? library?.[componentName] : undefined) ?? AppstoreOutlined;
  return <Icon aria-hidden {...props} />;
}
