import AppstoreAddOutlined from '@ant-design/icons/es/icons/AppstoreAddOutlined';
import { QUICK_LAUNCH_MAX, type QuickLaunchTile as Tile } from '@formloop/contracts';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Skeleton from 'antd/es/skeleton';
import theme from 'antd/es/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/load-failed-alert.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useRowDrag } from '../../../shared/ui/use-row-drag.ts';
import { useChangeQuickLaunch, useQuickLaunchTiles } from '../api.ts';
import { useDashboardMessages } from '../messages.ts';
import { AddAppsModal } from './add-apps-modal.tsx';
import { QuickLaunchTile } from './quick-launch-tile.tsx';

/** `tiles` with the one at `from` moved to `to`. */
export function moved(tiles: readonly Tile[], from: number, to: number): Tile[] {
  const next = [...tiles];
  const [tile] = next.splice(from, 1);
  if (tile) next.splice(to, 0, tile);
  return next;
}

/** The Quick launch section of /dashboard: the user's tiles, add, remove and reorder. */
export function QuickLaunchSection() {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const { text, reason } = useDashboardMessages();
  const toast = useToast();
  const tiles = useQuickLaunchTiles();
  const { set, sort } = useChangeQuickLaunch();
  const [adding, setAdding] = useState(false);
  const current = tiles.data ?? [];
  const busy = set.isPending || sort.isPending;

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= current.length) return;
    sort.mutate(moved(current, from, to), {
      onError: (error) => toast.error(reason(error, text('orderFailed'))),
    });
  };
  const drag = useRowDrag(move);

  const remove = (tile: Tile) =>
    set.mutate(
      current.filter((other) => other.id !== tile.id),
      {
        onSuccess: () => toast.success(t('quickLaunch.removed', { name: tile.display_name })),
        onError: (error) => toast.error(reason(error, text('saveFailed'))),
      },
    );

  let content;
  if (tiles.isPending) {
    content = <Skeleton active paragraph={{ rows: 2 }} />;
  } else if (tiles.isError && !tiles.data) {
    content = (
      <LoadFailedAlert
        title={t('quickLaunch.loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void tiles.refetch()}
      />
    );
  } else if (current.length === 0) {
    content = (
      <Empty description={t('quickLaunch.empty')}>
        <Button type="primary" onClick={() => setAdding(true)}>
          {t('quickLaunch.add')}
        </Button>
      </Empty>
    );
  } else {
    content = (
      <ol
        aria-label={t('quickLaunch.title')}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          gap: token.margin,
          padding: 0,
          margin: 0,
        }}
      >
        {current.map((tile, index) => (
          <QuickLaunchTile
            key={tile.id}
            tile={tile}
            first={index === 0}
            last={index === current.length - 1}
            busy={busy}
            drag={{ source: drag.sourceProps(index, tile.id), target: drag.targetProps(index) }}
            onMove={(step) => move(index, index + step)}
            onRemove={() => remove(tile)}
          />
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby="quick-launch-title" style={{ marginBottom: token.marginXL }}>
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: token.margin }}
      >
        <h2 id="quick-launch-title" style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>
          {t('quickLaunch.title')}
        </h2>
        <Button icon={<AppstoreAddOutlined />} onClick={() => setAdding(true)} disabled={tiles.isPending}>
          {t('quickLaunch.add')}
        </Button>
      </div>
      <p style={{ color: token.colorTextSecondary }}>{t('quickLaunch.intro', { max: QUICK_LAUNCH_MAX })}</p>
      {content}
      <AddAppsModal open={adding} tiles={current} onClose={() => setAdding(false)} />
    </section>
  );
}
