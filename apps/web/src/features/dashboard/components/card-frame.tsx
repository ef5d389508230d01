// A card's frame: its title (and, in edit mode, the handle to drag it, its title field and the
// buttons that move, resize and remove it from the keyboard), then its body.
import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import ColumnWidthOutlined from '@ant-design/icons/es/icons/ColumnWidthOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import DragOutlined from '@ant-design/icons/es/icons/DragOutlined';
import ShrinkOutlined from '@ant-design/icons/es/icons/ShrinkOutlined';
import type { DashboardCard } from '@formloop/contracts';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import theme from 'antd/es/theme';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_HEADER, HANDLE_CLASS } from './dashboard-grid.tsx';

export interface CardEditing {
  onTitle: (title: string) => void;
  onMove: (step: -1 | 1) => void;
  onResize: (step: number) => void;
  onRemove: () => void;
}

/** Whether the element's content is larger than its box: after each render and on every resize. */
function useScrolls(ref: { current: HTMLElement | null }): boolean {
  const [scrolls, setScrolls] = useState(false);
  const check = () => {
    const element = ref.current;
    if (!element) return;
    setScrolls(
      element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
    );
  };
  useLayoutEffect(check);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return scrolls;
}

export function CardFrame({
  card,
  title,
  editing,
  children,
}: {
  card: DashboardCard;
  /** The title shown (the card's own, or its type's name). */
  title: string;
  editing?: CardEditing;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const { token } = theme.useToken();
  const body = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(body);
  return (
    <section
      aria-label={title}
      style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, minWidth: 0 }}
    >
      <header
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: token.marginXS,
          minHeight: CARD_HEADER,
          padding: `0 ${token.paddingSM}px`,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          flexWrap: 'wrap',
        }}
      >
        {editing ? (
          <>
            <span className={HANDLE_CLASS} title={t('edit.dragHint')} style={{ cursor: 'move' }} aria-hidden>
              <DragOutlined />
            </span>
            <Input
              size="small"
              value={card.title}
              placeholder={title}
              aria-label={t('edit.cardTitle', { title })}
              onChange={(event) => editing.onTitle(event.target.value)}
              style={{ flex: '1 1 120px', minWidth: 0 }}
            />
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={t('edit.moveEarlier', { title })}
              onClick={() => editing.onMove(-1)}
            />
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={t('edit.moveLater', { title })}
              onClick={() => editing.onMove(1)}
            />
            <Button
              size="small"
              icon={<ShrinkOutlined />}
              aria-label={t('edit.narrower', { title })}
              onClick={() => editing.onResize(-1)}
            />
            <Button
              size="small"
              icon={<ColumnWidthOutlined />}
              aria-label={t('edit.wider', { title })}
              onClick={() => editing.onResize(1)}
            />
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('edit.removeCard', { title })}
              onClick={editing.onRemove}
            />
          </>
        ) : (
          <h4
            style={{
              margin: 0,
              fontSize: token.fontSizeLG,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {title}
          </h4>
        )}
      </header>
      <div
        ref={body}
        // A body that scrolls is reachable by keyboard, so its rows can be scrolled to (WCAG 2.1.1).
        tabIndex={scrolls ? 0 : undefined}
        style={{ padding: token.paddingSM, flex: 1, minHeight: 0, overflow: 'auto' }}
      >
        {children}
      </div>
    </section>
  );
}
