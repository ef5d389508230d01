// Issue 8 contracts (process-engine): filled in by its module.
export {};
