export * from './tenancy.ts';
export * from './identity.ts';
export * from './audit.ts';
export * from './notifications.ts';
export * from './profile.ts';
export * from './administration.ts';
export * from './access.ts';
