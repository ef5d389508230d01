// Components other features render (reports reuse the record list's filter UI and status tag).
// Heavier than index.ts, so kept apart from it.
export { FilterBuilder, type FilterBuilderProps } from './components/filter-builder.tsx';
export { FilterChips, type FilterChipsProps } from './components/filter-chips.tsx';
export { RecordStatusTag } from './components/status-tag.tsx';
