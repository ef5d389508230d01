// The time zones the organization offers (the preference itself is shared/organization).
export { useTimeZoneOptions } from './api.ts';
