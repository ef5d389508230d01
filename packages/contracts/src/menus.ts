// Placeholder: the menus contracts are written by the menus slice.
export {};
