// The process engine's two pages travel together: one lazy chunk (and one entry in the route table's
// preload list, which the login route carries) instead of two. The charts stay in their own chunk.
export { ProcessDashboardPage } from './process-dashboard-page.tsx';
export { ProcessEnginePage } from './process-engine-page.tsx';
