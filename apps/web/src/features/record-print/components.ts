// What other features render of printing an entry: the Print and Download PDF buttons (the item
// editor's header shows them for a saved entry).
export { RecordPrintActions } from './components/record-print-actions.tsx';
