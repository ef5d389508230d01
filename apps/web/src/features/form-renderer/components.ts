// A form as the end user sees it, for the features that show one (item editor, preview, scheduler),
// with the validation of its values.
export { FormRenderer, validateValues } from './form-renderer.tsx';
