// Placeholder: the users contracts are written by the users slice.
export {};
