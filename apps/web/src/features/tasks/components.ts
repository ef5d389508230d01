// A record's workflow panel (history, withdraw, restart), which the item editor shows.
export { WorkflowPanel } from './components/workflow-panel.tsx';
