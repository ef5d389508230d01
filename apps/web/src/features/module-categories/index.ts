// The app groups, as the apps' pages and dialogs list them.
export { useModuleCategories } from './api.ts';
