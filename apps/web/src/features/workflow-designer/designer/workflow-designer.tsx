// The workflow designer: palette, canvas, the selected activity's properties and the validation
// list. Loaded lazily by the form editor, so React Flow and its styles stay out of other routes.
import '@xyflow/react/dist/style.css';
import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import type { FormLayout } from '@formloop/domain';
import {
  autoLayout,
  createActivity,
  validateDefinition,
  type ActivityType,
  type ImportResult,
  type Position,
  type WorkflowDefinition,
} from '@formloop/workflow';
import { ReactFlowProvider } from '@xyflow/react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import theme from 'antd/es/theme';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnavailableActivities } from '../assignees/use-unavailable-activities.ts';
import { ActivityPalette } from '../canvas/activity-palette.tsx';
import { WorkflowCanvas } from '../canvas/workflow-canvas.tsx';
import { addActivity, nextActivityId, removeActivities, uniqueDisplayName } from '../model/definition-ops.ts';
import { workflowFormFields } from '../model/form-fields.ts';
import { kindLabel, WORKFLOW_DESIGNER_NAMESPACE } from '../model/labels.ts';
import { freeSpot } from '../model/placement.ts';
import { PropertiesPanel } from '../properties/properties-panel.tsx';
import { ValidationPanel } from '../validation/validation-panel.tsx';
import { ImportExportButtons } from './import-export.tsx';

export interface WorkflowDesignerProps {
  definition: WorkflowDefinition;
  /** `editKey` names what was edited, so typing into one property is one undo step. */
  onChange(next: WorkflowDefinition, editKey?: string): void;
  /** The form the workflow runs on: its fields feed the pickers and formulas. */
  layout: FormLayout;
  appName: string;
}

/** Every activity placed anew (the definition without positions, laid out by the engine). */
const arrange = (definition: WorkflowDefinition): WorkflowDefinition =>
  autoLayout({
    activities: definition.activities.map(({ position: _position, ...activity }) => activity),
    connections: definition.connections,
  });

export function WorkflowDesigner({ definition, onChange, layout, appName }: WorkflowDesignerProps) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const { token } = theme.useToken();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [fitRequest, setFitRequest] = useState(0);
  const formFields = useMemo(() => workflowFormFields(layout), [layout]);
  const issues = useMemo(() => validateDefinition(definition), [definition]);
  const unavailable = useUnavailableActivities(definition);
  const decorations = useMemo(() => {
    const issueCounts = new Map<string, number>();
    for (const issue of issues) {
      if (issue.activityId) issueCounts.set(issue.activityId, (issueCounts.get(issue.activityId) ?? 0) + 1);
    }
    return { unavailable, issueCounts };
  }, [issues, unavailable]);

  const add = useCallback(
    (type: ActivityType, position?: Position) => {
      const activity = {
        ...createActivity(type, nextActivityId(definition, type), position ?? freeSpot(definition)),
        displayName: uniqueDisplayName(definition, kindLabel(t, type)),
      };
      onChange(addActivity(definition, activity));
      setSelectedId(activity.activityId);
    },
    [definition, onChange, t],
  );

  const remove = (id: string) => {
    onChange(removeActivities(definition, [id]));
    setSelectedId(null);
  };

  const importWorkflow = (result: ImportResult) => {
    onChange(result.definition);
    setWarnings(result.warnings);
    setSelectedId(null);
    setFitRequest((n) => n + 1);
  };

  return (
    <ReactFlowProvider>
      <div data-testid="workflow-designer" style={{ display: 'grid', gap: token.marginSM }}>
        <Space wrap>
          <ImportExportButtons definition={definition} appName={appName} onImport={importWorkflow} />
          <Button
            icon={<ApartmentOutlined aria-hidden />}
            onClick={() => {
              onChange(arrange(definition));
              setFitRequest((n) => n + 1);
            }}
          >
            {t('toolbar.arrange')}
          </Button>
        </Space>
        {warnings.length > 0 ? (
          <Alert
            type="info"
            showIcon
            closable={{ onClose: () => setWarnings([]), 'aria-label': t('import.closeWarnings') }}
            title={t('import.warningsTitle', { count: warnings.length })}
            description={
              <ul data-testid="workflow-import-warnings" style={{ margin: 0, paddingInlineStart: 16 }}>
                {warnings.map((warning, index) => (
                  <li key={index}>{warning}</li>
                ))}
              </ul>
            }
          />
        ) : null}
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: '180px minmax(0, 1fr) 340px',
            gap: token.marginSM,
            alignItems: 'start',
          }}
        >
          <ActivityPalette onAdd={(type) => add(type)} />
          <div style={{ height: '70vh' }}>
            <WorkflowCanvas
              definition={definition}
              decorations={decorations}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onChange={onChange}
              onAdd={add}
              fitRequest={fitRequest}
            />
          </div>
          <div style={{ display: 'grid', gap: token.marginLG, maxHeight: '70vh', overflowY: 'auto' }}>
            <PropertiesPanel
              definition={definition}
              activityId={selectedId}
              issues={issues}
              formFields={formFields}
              onChange={onChange}
              onDelete={remove}
            />
            <ValidationPanel definition={definition} issues={issues} onSelect={setSelectedId} />
          </div>
        </div>
      </div>
    </ReactFlowProvider>
  );
}
