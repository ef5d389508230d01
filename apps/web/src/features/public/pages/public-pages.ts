// The public pages load as one chunk: each is small, and one chunk compresses better than five.
export { DomainEntryPage } from './domain-entry-page.tsx';
export { MaintenancePage } from './maintenance-page.tsx';
export { MtdPage } from './mtd-page.tsx';
