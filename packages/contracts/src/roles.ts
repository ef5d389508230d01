// Placeholder: the roles contracts are written by the roles slice.
export {};
