import type { ActivityType, Position, WorkflowDefinition } from '@formloop/workflow';
import {
  applyNodeChanges,
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type NodeChange,
  type OnSelectionChangeParams,
} from '@xyflow/react';
import theme from 'antd/es/theme';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { connect, moveActivities, removeActivities, removeConnections } from '../model/definition-ops.ts';
import { outcomeLabel, WORKFLOW_DESIGNER_NAMESPACE } from '../model/labels.ts';
import { roundPosition } from '../model/placement.ts';
import { NODE_TYPES } from './activity-node.tsx';
import { ACTIVITY_DRAG_TYPE, draggedKind } from './activity-palette.tsx';
import {
  toEdges,
  toNodes,
  type ActivityNode,
  type ConnectionEdge,
  type NodeDecorations,
} from './flow-mapping.ts';

export interface WorkflowCanvasProps {
  definition: WorkflowDefinition;
  decorations: NodeDecorations;
  /** The activity the properties panel shows; selecting one node on the canvas sets it. */
  selectedId: string | null;
  onSelect(id: string | null): void;
  onChange(next: WorkflowDefinition, editKey?: string): void;
  onAdd(type: ActivityType, position?: Position): void;
  /** Bumped to fit the whole workflow into view (after an import or auto layout). */
  fitRequest: number;
}

/** A connection leaves on an outcome handle and leads to another activity. */
const isValidConnection = (connection: ConnectionEdge | Connection) =>
  connection.source !== connection.target && Boolean(connection.sourceHandle);

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * The React Flow canvas: nodes per activity, edges per connection. It edits the definition only
 * through definition-ops; React Flow's own state (sizes, drags, selection) stays local.
 */
export function WorkflowCanvas(props: WorkflowCanvasProps) {
  const { definition, decorations, selectedId, onSelect, onChange, onAdd, fitRequest } = props;
  const { t } = useTranslation(WORKFLOW_DESIGNER_NAMESPACE);
  const { token } = theme.useToken();
  const flow = useReactFlow<ActivityNode, ConnectionEdge>();
  const [nodes, setNodes] = useState<ActivityNode[]>(() =>
    toNodes(definition, decorations, []).map((node) => ({ ...node, selected: node.id === selectedId })),
  );
  const [selectedEdges, setSelectedEdges] = useState<ReadonlySet<string>>(new Set());
  // Callbacks React Flow keeps read the newest definition through this.
  const latest = useRef(definition);
  useEffect(() => {
    latest.current = definition;
  }, [definition]);

  useEffect(() => {
    setNodes((previous) => toNodes(definition, decorations, previous));
  }, [definition, decorations]);

  // A selection made elsewhere (the validation panel) shows on the canvas; a multiple selection
  // made here (selectedId null) is left alone.
  useEffect(() => {
    if (selectedId === null) return;
    setNodes((previous) =>
      previous.every((node) => Boolean(node.selected) === (node.id === selectedId))
        ? previous
        : previous.map((node) => ({ ...node, selected: node.id === selectedId })),
    );
  }, [selectedId]);

  useEffect(() => {
    if (fitRequest === 0) return;
    // After the new nodes are on screen.
    const frame = requestAnimationFrame(() => void flow.fitView({ padding: 0.2 }));
    return () => cancelAnimationFrame(frame);
  }, [fitRequest, flow]);

  // React Flow's own texts (controls, minimap, keyboard help) in the reader's language.
  const ariaLabels = useMemo(
    () => ({
      'node.a11yDescription.default': t('canvas.a11y.node'),
      'node.a11yDescription.keyboardDisabled': t('canvas.a11y.node'),
      'node.a11yDescription.ariaLiveMessage': ({ x, y }: { x: number; y: number }) =>
        t('canvas.a11y.moved', { x, y }),
      'edge.a11yDescription.default': t('canvas.a11y.edge'),
      'controls.ariaLabel': t('canvas.controls'),
      'controls.zoomIn.ariaLabel': t('canvas.zoomIn'),
      'controls.zoomOut.ariaLabel': t('canvas.zoomOut'),
      'controls.fitView.ariaLabel': t('canvas.fitView'),
      'controls.interactive.ariaLabel': t('canvas.interactive'),
      'minimap.ariaLabel': t('canvas.minimap'),
      'handle.ariaLabel': t('canvas.handle'),
    }),
    [t],
  );

  const edges = useMemo(
    () => toEdges(definition, selectedEdges, (outcome) => outcomeLabel(t, outcome)),
    [definition, selectedEdges, t],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<ActivityNode>[]) => {
      // Removal goes through the definition (Delete key below), never React Flow alone.
      setNodes((current) =>
        applyNodeChanges(
          changes.filter((change) => change.type !== 'remove'),
          current,
        ),
      );
      const dropped: Record<string, Position> = {};
      for (const change of changes) {
        if (change.type === 'position' && change.dragging === false && change.position)
          dropped[change.id] = roundPosition(change.position);
      }
      if (Object.keys(dropped).length > 0) onChange(moveActivities(latest.current, dropped));
    },
    [onChange],
  );

  const onEdgesChange = useCallback((changes: EdgeChange<ConnectionEdge>[]) => {
    const picks = changes.filter((change) => change.type === 'select');
    if (picks.length === 0) return;
    setSelectedEdges((current) => {
      const next = new Set(current);
      for (const change of picks) {
        if (change.selected) next.add(change.id);
        else next.delete(change.id);
      }
      return next;
    });
  }, []);

  const onSelectionChange = useCallback(
    ({ nodes: picked }: OnSelectionChangeParams<ActivityNode, ConnectionEdge>) => {
      onSelect(picked.length === 1 ? (picked[0]?.id ?? null) : null);
    },
    [onSelect],
  );

  const onConnect = useCallback(
    (connection: Connection) =>
      onChange(
        connect(latest.current, {
          sourceActivityId: connection.source,
          targetActivityId: connection.target,
          outcome: connection.sourceHandle ?? '',
        }),
      ),
    [onChange],
  );

  const removeSelection = () => {
    const nodeIds = nodes.filter((node) => node.selected).map((node) => node.id);
    const connections = edges
      .filter((edge) => edge.selected)
      .flatMap((edge) => (edge.data ? [edge.data.connection] : []));
    if (nodeIds.length === 0 && connections.length === 0) return;
    onChange(removeActivities(removeConnections(latest.current, connections), nodeIds));
    setSelectedEdges(new Set());
    if (selectedId !== null && nodeIds.includes(selectedId)) onSelect(null);
  };

  const clearSelection = () => {
    setNodes((current) => current.map((node) => (node.selected ? { ...node, selected: false } : node)));
    setSelectedEdges(new Set());
    onSelect(null);
  };

  // Keys act only while the canvas has focus, so Delete in another tab or a text box never removes
  // activities (React Flow's own document-wide Delete handling is switched off).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isTyping(event.target)) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      removeSelection();
    } else if (event.key === 'Escape') {
      clearSelection();
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const kind = draggedKind(event);
    if (!kind) return;
    event.preventDefault();
    const at = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    // Before the canvas has a size the drop point is unknown: a free spot will do.
    onAdd(kind, Number.isFinite(at.x) && Number.isFinite(at.y) ? roundPosition(at) : undefined);
  };

  return (
    <div
      role="region"
      aria-label={t('canvas.label')}
      aria-describedby="workflow-canvas-help"
      data-testid="workflow-canvas"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(ACTIVITY_DRAG_TYPE)) {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }
      }}
      onDrop={onDrop}
      style={{
        height: '100%',
        minHeight: 480,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        outline: 'none',
      }}
    >
      <span id="workflow-canvas-help" hidden>
        {t('canvas.help')}
      </span>
      <ReactFlow<ActivityNode, ConnectionEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onSelectionChange={onSelectionChange}
        onConnect={onConnect}
        isValidConnection={isValidConnection}
        deleteKeyCode={null}
        fitView
        fitViewOptions={{ padding: 0.2 }}
        minZoom={0.2}
        ariaLabelConfig={ariaLabels}
      >
        <Background gap={20} />
        <Controls showInteractive={false} />
        <MiniMap pannable zoomable />
      </ReactFlow>
    </div>
  );
}
