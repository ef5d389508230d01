import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { FormLayout } from '@formloop/domain';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorDispatch } from '../state/editor-context.ts';
import type { NudgeDirection, Selection } from '../state/editor-types.ts';
import { nudgePlan } from '../state/layout-ops.ts';
import { newId } from '../state/new-id.ts';
import { SectionCard } from './section-card.tsx';

const DIRECTIONS: NudgeDirection[] = ['up', 'down', 'left', 'right'];

/** The form as it is being built: every section card, and a button for one more. */
export function FormCanvas({
  layout,
  selection,
  invalid,
}: {
  layout: FormLayout;
  selection: Selection;
  invalid: ReadonlySet<string>;
}) {
  const { t } = useTranslation('formEditor');
  const { token } = theme.useToken();
  const dispatch = useEditorDispatch();
  const selectedCellId = selection?.kind === 'field' ? selection.id : null;
  const moves = useMemo(
    () =>
      selectedCellId
        ? (Object.fromEntries(
            DIRECTIONS.map((direction) => [direction, nudgePlan(layout, selectedCellId, direction) !== null]),
          ) as Record<NudgeDirection, boolean>)
        : null,
    [layout, selectedCellId],
  );

  return (
    <div data-testid="form-canvas" style={{ display: 'grid', gap: token.margin, alignContent: 'start' }}>
      {layout.sections.map((section, index) => {
        const holdsSelection =
          selectedCellId !== null &&
          section.rows.some((row) => row.cells.some((cell) => cell.id === selectedCellId));
        return (
          <SectionCard
            key={section.id}
            section={section}
            index={index}
            count={layout.sections.length}
            selected={selection?.kind === 'section' && selection.id === section.id}
            selectedCellId={holdsSelection ? selectedCellId : null}
            moves={holdsSelection ? moves : null}
            invalid={invalid}
          />
        );
      })}
      <Button
        type="dashed"
        icon={<PlusOutlined aria-hidden />}
        onClick={() =>
          dispatch({
            type: 'addSection',
            id: newId(),
            displayName: t('defaults.sectionName', { n: layout.sections.length + 1 }),
          })
        }
      >
        {t('canvas.addSection')}
      </Button>
    </div>
  );
}
