// The icon picker, for the features that let a builder choose an icon (an app's icon).
export { IconPickerModal } from './components/icon-picker-modal.tsx';
