import { ACTIVITY_TYPES, type ActivityType } from '@formloop/workflow';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { kindLabel, WORKFLOW_DESIGNER_NAMESPACE } from '../model/labels.ts';
import { ActivityIcon } from './activity-icon.tsx';

/** The drag payload's type: only the canvas of this designer takes it. */
export const ACTIVITY_DRAG_TYPE = 'application/x-formloop-activity';

/** The kind a drag from the palette carries, or null for anything else dropped on the canvas. */
export function draggedKind(event: DragEvent): ActivityType | null {
  const type = event.dataTransfer.getData(ACTIVITY_DRAG_TYPE);
  return (ACTIVITY_TYPES as readonly string[]).includes(type) ? (type as ActivityType) : null;
}

/**
 * The eleven kinds as buttons: a click (or Enter / Space) adds one at a free spot, a drag places
 * it where it is dropped on the canvas.
 */
export function ActivityPalette({ onAdd }: { onAdd(type: ActivityType): void }) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const { token } = theme.useToken();
  return (
    <nav aria-labelledby="workflow-palette-title" style={{ display: 'grid', gap: token.marginXS }}>
      <Typography.Title id="workflow-palette-title" level={5} style={{ margin: 0 }}>
        {t('palette.title')}
      </Typography.Title>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {t('palette.hint')}
      </Typography.Text>
      {ACTIVITY_TYPES.map((type) => (
        <Button
          key={type}
          data-testid={`workflow-palette-${type}`}
          aria-label={t('palette.add', { kind: kindLabel(t, type) })}
          icon={<ActivityIcon type={type} />}
          draggable
          onDragStart={(event) => {
            event.dataTransfer.setData(ACTIVITY_DRAG_TYPE, type);
            event.dataTransfer.effectAllowed = 'copy';
          }}
          onClick={() => onAdd(type)}
          style={{ justifyContent: 'flex-start', cursor: 'grab' }}
        >
          {kindLabel(t, type)}
        </Button>
      ))}
    </nav>
  );
}
