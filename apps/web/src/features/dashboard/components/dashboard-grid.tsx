// The cards of a dashboard in a react-grid-layout grid (12 columns) on a wide screen, and stacked
// in one column, in reading order, on a narrow one (a phone never scrolls sideways). In edit mode
// cards move by their handle and resize by their corner; the card's own buttons do both from the
// keyboard.
import type { DashboardCard } from '@formloop/contracts';
import theme from 'antd/es/theme';
import type { ReactNode } from 'react';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { GRID_COLUMNS, readingOrder, SINGLE_COLUMN_BELOW } from '../lib/dashboard-logic.ts';

export const ROW_HEIGHT = 80;
const MARGIN = 12;
/** Height of a card's title bar (the rest of its rows is the body). */
export const CARD_HEADER = 44;
/** A chart's height in the single column. */
const STACKED_CHART_HEIGHT = 240;
export const HANDLE_CLASS = 'dashboard-card-handle';

export function DashboardGrid({
  cards,
  editing,
  renderCard,
  onLayout,
}: {
  cards: readonly DashboardCard[];
  editing: boolean;
  /** A card's frame and body, given the height its chart may take. */
  renderCard: (card: DashboardCard, bodyHeight: number) => ReactNode;
  onLayout: (layout: Layout) => void;
}) {
  const { token } = theme.useToken();
  const { width, containerRef, mounted } = useContainerWidth();
  const frame = {
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    background: token.colorBgContainer,
    overflow: 'hidden',
  } as const;

  let content = null;
  if (mounted && width < SINGLE_COLUMN_BELOW) {
    content = (
      <ol
        data-testid="dashboard-stack"
        style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: MARGIN, minWidth: 0 }}
      >
        {readingOrder(cards).map((card) => (
          <li key={card.id} style={{ ...frame, minWidth: 0 }} data-testid="dashboard-card">
            {renderCard(card, STACKED_CHART_HEIGHT)}
          </li>
        ))}
      </ol>
    );
  } else if (mounted) {
    const layout: Layout = cards.map((card) => ({
      i: card.id,
      x: Math.min(card.x, GRID_COLUMNS - 1),
      y: card.y,
      w: Math.min(card.w, GRID_COLUMNS),
      h: card.h,
      minW: 2,
      minH: 2,
    }));
    content = (
      <ReactGridLayout
        width={width}
        layout={layout}
        gridConfig={{
          cols: GRID_COLUMNS,
          rowHeight: ROW_HEIGHT,
          margin: [MARGIN, MARGIN],
          containerPadding: [0, 0],
        }}
        dragConfig={{ enabled: editing, handle: `.${HANDLE_CLASS}` }}
        resizeConfig={{ enabled: editing }}
        onLayoutChange={(next) => {
          if (editing) onLayout(next);
        }}
      >
        {cards.map((card) => (
          <div
            key={card.id}
            style={{ ...frame, display: 'flex', flexDirection: 'column' }}
            data-testid="dashboard-card"
          >
            {renderCard(
              card,
              card.h * ROW_HEIGHT + (card.h - 1) * MARGIN - CARD_HEADER - 2 * token.paddingSM - 40,
            )}
          </div>
        ))}
      </ReactGridLayout>
    );
  }
  return (
    <div ref={containerRef} style={{ minWidth: 0 }}>
      {content}
    </div>
  );
}
