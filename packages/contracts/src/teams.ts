// Placeholder: the teams contracts are written by the teams slice.
export {};
