import WarningOutlined from '@ant-design/icons/es/icons/WarningOutlined';
import type { WorkflowActivity } from '@formloop/workflow';
import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react';
import theme from 'antd/es/theme';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessageKey } from '../../../shared/i18n/translate-message.ts';
import { isDurationPreset } from '../model/durations.ts';
import { kindLabel, outcomeLabel, WORKFLOW_DESIGNER_NAMESPACE } from '../model/labels.ts';
import { NODE_WIDTH } from '../model/placement.ts';
import { readApprovers, readJoinMode, readMethod, readText } from '../model/properties.ts';
import { ActivityIcon, kindStyle } from './activity-icon.tsx';
import type { ActivityNode } from './flow-mapping.ts';

interface FrameProps extends NodeProps<ActivityNode> {
  /** A line under the name saying what the activity does (assignees, condition, duration …). */
  summary?: ReactNode;
  /** Start is where a workflow begins: nothing leads into it. */
  noTarget?: boolean;
}

/**
 * The box every kind is drawn in: icon, translated kind and name on top, a summary, the assignee
 * warning, then one labelled row per outcome with its source handle on the right edge.
 */
function ActivityNodeFrame({ data, selected, summary, noTarget }: FrameProps) {
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const { token } = theme.useToken();
  const { activity, outcomes, unavailable, issueCount } = data;
  const { color } = kindStyle(activity.type);
  const kind = kindLabel(t, activity.type);
  return (
    <div
      data-testid={`activity-node-${activity.activityId}`}
      data-kind={activity.type}
      style={{
        width: NODE_WIDTH,
        background: token.colorBgContainer,
        borderStyle: 'solid',
        borderWidth: selected ? 2 : 1,
        borderColor: selected ? token.colorPrimary : token.colorBorder,
        // The kind's colour runs along the top edge.
        borderTopWidth: 4,
        borderTopColor: color,
        borderRadius: token.borderRadius,
        boxShadow: selected ? token.boxShadow : token.boxShadowTertiary,
        fontSize: token.fontSizeSM,
      }}
    >
      {noTarget ? null : (
        <Handle
          type="target"
          position={Position.Left}
          aria-label={t('canvas.targetHandle', { name: activity.displayName })}
        />
      )}
      <div style={{ padding: '6px 10px', display: 'grid', gap: 2 }}>
        <div style={{ display: 'flex', gap: 6, alignItems: 'center', color: token.colorTextSecondary }}>
          <ActivityIcon type={activity.type} />
          <span>{kind}</span>
          {issueCount > 0 ? (
            <span
              title={t('canvas.issueCount', { count: issueCount })}
              style={{ marginLeft: 'auto', color: token.colorWarning }}
            >
              <WarningOutlined aria-hidden /> {issueCount}
            </span>
          ) : null}
        </div>
        <div style={{ fontWeight: 600, fontSize: token.fontSize, overflowWrap: 'anywhere' }}>
          {activity.displayName || activity.activityId}
        </div>
        {summary ? (
          <div
            style={{
              color: token.colorTextSecondary,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {summary}
          </div>
        ) : null}
        {unavailable ? (
          <div role="alert" style={{ color: token.colorError }}>
            <WarningOutlined aria-hidden />{' '}
            {translateMessageKey(t, 'assigneeUnavailable', { name: activity.displayName })}
          </div>
        ) : null}
      </div>
      {outcomes.length > 0 ? (
        <div style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, padding: '2px 0' }}>
          {outcomes.map((outcome) => (
            <div
              key={outcome}
              data-testid={`outcome-${activity.activityId}-${outcome}`}
              style={{ position: 'relative', textAlign: 'right', padding: '1px 14px 1px 10px' }}
            >
              {outcomeLabel(t, outcome)}
              <Handle
                type="source"
                id={outcome}
                position={Position.Right}
                aria-label={t('canvas.sourceHandle', { outcome: outcomeLabel(t, outcome) })}
              />
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** A task's approvers by name, or a note that it has none yet. */
function approversSummary(t: ReturnType<typeof useTranslation>['t'], activity: WorkflowActivity): string {
  const approvers = readApprovers(activity);
  if (approvers.length === 0) return t('node.noApprovers');
  return approvers
    .map((approver) =>
      approver.type === 'initiator' ? t('approvers.initiator') : approver.name || approver.approver_id,
    )
    .join(', ');
}

function useT() {
  return useTranslation(WORKFLOW_DESIGNER_NAMESPACE).t;
}

// One component per kind, as React Flow's nodeTypes map wants; each says what matters for its kind.
const StartNode = (props: NodeProps<ActivityNode>) => <ActivityNodeFrame {...props} noTarget />;
const EndNode = (props: NodeProps<ActivityNode>) => <ActivityNodeFrame {...props} />;
const ForkNode = (props: NodeProps<ActivityNode>) => <ActivityNodeFrame {...props} />;

function ApprovalNode(props: NodeProps<ActivityNode>) {
  const t = useT();
  return <ActivityNodeFrame {...props} summary={approversSummary(t, props.data.activity)} />;
}

function UserTaskNode(props: NodeProps<ActivityNode>) {
  const t = useT();
  return <ActivityNodeFrame {...props} summary={approversSummary(t, props.data.activity)} />;
}

function DecisionNode(props: NodeProps<ActivityNode>) {
  const t = useT();
  const condition = readText(props.data.activity, 'condition');
  return (
    <ActivityNodeFrame {...props} summary={condition ? <code>{condition}</code> : t('node.noCondition')} />
  );
}

function JoinNode(props: NodeProps<ActivityNode>) {
  const t = useT();
  return <ActivityNodeFrame {...props} summary={t(`node.join.${readJoinMode(props.data.activity)}`)} />;
}

function SendEmailNode(props: NodeProps<ActivityNode>) {
  const t = useT();
  const to = readText(props.data.activity, 'to');
  return <ActivityNodeFrame {...props} summary={to ? t('node.emailTo', { to }) : t('node.noRecipient')} />;
}

function HttpRequestNode(props: NodeProps<ActivityNode>) {
  const t = useT();
  const url = readText(props.data.activity, 'url');
  const method = readMethod(props.data.activity);
  return <ActivityNodeFrame {...props} summary={url ? `${method} ${url}` : t('node.noUrl')} />;
}

function SetFieldNode(props: NodeProps<ActivityNode>) {
  const t = useT();
  const field = readText(props.data.activity, 'field');
  const value = readText(props.data.activity, 'value');
  return (
    <ActivityNodeFrame
      {...props}
      summary={field ? <code>{`{${field}} = ${value}`}</code> : t('node.noField')}
    />
  );
}

function TimerNode(props: NodeProps<ActivityNode>) {
  const t = useT();
  const duration = readText(props.data.activity, 'duration');
  const label = isDurationPreset(duration) ? t(`durations.${duration.trim().toUpperCase()}`) : duration;
  return <ActivityNodeFrame {...props} summary={t('node.waits', { duration: label })} />;
}

function UnknownNode(props: NodeProps<ActivityNode>) {
  const t = useT();
  return <ActivityNodeFrame {...props} summary={t('node.unsupported')} />;
}

/** React Flow draws each node with the component of its type (flow-mapping.ts nodeTypeOf). */
export const NODE_TYPES: NodeTypes = {
  Start: memo(StartNode),
  Approval: memo(ApprovalNode),
  UserTask: memo(UserTaskNode),
  Decision: memo(DecisionNode),
  Fork: memo(ForkNode),
  Join: memo(JoinNode),
  SendEmail: memo(SendEmailNode),
  HttpRequest: memo(HttpRequestNode),
  SetField: memo(SetFieldNode),
  Timer: memo(TimerNode),
  End: memo(EndNode),
  Unknown: memo(UnknownNode),
};
