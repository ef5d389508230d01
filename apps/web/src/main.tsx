import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './app/i18n.ts';
import { fixAntdAccessibility } from './shared/ui/antd-a11y.ts';

// The server's Content-Security-Policy allows no eval: zod's fast path would first probe
// `new Function` (the throw is caught, but the browser reports a violation each time). zod keeps
// its settings in this global (shared by every copy, whichever loads first), so the login route
// need not load zod to set `jitless` (z.config would).
const zodSettings = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((zodSettings.__zod_globalConfig ??= {}), { jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

fixAntdAccessibility();

// Translations first: every page renders text through i18next.
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
