// Issue 8 contracts (task-scheduler): filled in by its module.
export {};
