// The parts of the shell drawn around the page. app-shell.tsx loads this module lazily, each part
// behind its own Suspense and error boundary, so the page never waits for (or breaks with) the chrome.
import { BreadcrumbBar } from './components/breadcrumb-bar.tsx';
import { RouteProgress } from './components/route-progress.tsx';
import { SkipLink } from './components/skip-link.tsx';
import { Sidebar } from './components/sidebar.tsx';
import { TopBar } from './components/top-bar.tsx';
import { useActiveTrail } from './hooks/use-active-trail.ts';

export { RealtimeConnection } from '../realtime/components.ts';
export { LoadingSplash } from './components/loading-splash.tsx';
export { ScrollTopButton } from './components/scroll-top-button.tsx';
export { ShellFooter } from './components/shell-footer.tsx';

const keysOf = (trail: ReturnType<typeof useActiveTrail>) => trail.map((crumb) => crumb.key);

export function ShellHeader() {
  const trail = useActiveTrail();
  return (
    <>
      <SkipLink />
      <RouteProgress />
      <TopBar selectedKeys={keysOf(trail)} />
    </>
  );
}

export function ShellSidebar() {
  const trail = useActiveTrail();
  return <Sidebar selectedKeys={keysOf(trail)} />;
}

export function ShellBreadcrumbs() {
  return <BreadcrumbBar trail={useActiveTrail()} />;
}
