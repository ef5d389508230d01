import type { FormIssue } from '@formloop/contracts';
import type { FieldType, FormLayout } from '@formloop/domain';
import theme from 'antd/es/theme';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCanvas } from '../canvas/form-canvas.tsx';
import { FieldPalette } from '../palette/field-palette.tsx';
import { SettingsPanel } from '../settings/settings-panel.tsx';
import { addFieldAction, useEditorDispatch } from '../state/editor-context.ts';
import type { Selection } from '../state/editor-types.ts';
import { findCell } from '../state/layout-ops.ts';
import { IssuesPanel } from './issues-panel.tsx';

const SIDE_PANEL = {
  position: 'sticky',
  top: 0,
  maxHeight: 'calc(100vh - 160px)',
  overflowY: 'auto',
} as const;

/** Palette, canvas and settings side by side, with the form's problems above the canvas. */
export function DesignTab({
  layout,
  selection,
  issues,
  onOpenIssue,
}: {
  layout: FormLayout;
  selection: Selection;
  issues: FormIssue[];
  onOpenIssue(issue: FormIssue): void;
}) {
  const { t } = useTranslation('formEditor');
  const { token } = theme.useToken();
  const dispatch = useEditorDispatch();
  const invalid = useMemo(() => new Set(issues.map((issue) => issue.target)), [issues]);

  // Enter on a palette item: into the selected section (or the selected field's), else the last one.
  // The palette keeps one callback (it is memoised); the ref gives it the current layout.
  const current = useRef({ layout, selection });
  useEffect(() => {
    current.current = { layout, selection };
  });
  const onAdd = useCallback(
    (type: FieldType) => {
      const { layout: now, selection: selected } = current.current;
      const sectionId =
        selected?.kind === 'section'
          ? selected.id
          : selected?.kind === 'field'
            ? findCell(now, selected.id)?.section.id
            : undefined;
      const target = sectionId ?? now.sections[now.sections.length - 1]?.id;
      if (target) dispatch(addFieldAction(type, { sectionId: target, place: 'end' }));
    },
    [dispatch],
  );

  return (
    <div
      data-testid="design-tab"
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(200px, 240px) minmax(0, 1fr) minmax(260px, 340px)',
        gap: token.margin,
        alignItems: 'start',
      }}
    >
      <aside style={SIDE_PANEL}>
        <FieldPalette onAdd={onAdd} />
      </aside>
      <div style={{ display: 'grid', gap: token.margin, minWidth: 0 }}>
        <IssuesPanel issues={issues} layout={layout} onOpen={onOpenIssue} />
        <FormCanvas layout={layout} selection={selection} invalid={invalid} />
      </div>
      <aside
        aria-label={t('settings.panel')}
        style={{
          ...SIDE_PANEL,
          padding: token.paddingSM,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgContainer,
        }}
      >
        <SettingsPanel layout={layout} selection={selection} />
      </aside>
    </div>
  );
}
