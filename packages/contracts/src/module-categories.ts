// Contracts of this area: schemas and its own paths const (kept here, not in API_PATHS, so areas do not collide).
export {};
