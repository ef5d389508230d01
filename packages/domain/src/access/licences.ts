// Licences (spec §2 Create App, §6): seats per user kind, held on the tenant as licence_counts, and
// feature licences (bots, AI services) held as a list of keys. A key is the upper-cased labels joined
// with underscores and prefixed: AI_{PROVIDER}_{SERVICE} (spec §2), BOT_{NAME} (ours, same shape).

import type { UserKind } from '../users/user-kinds.ts';

/** 'Companies House' → 'COMPANIES_HOUSE': upper case, every run of spaces or dashes one underscore. */
export function licenceLabel(label: string): string {
  return label
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
}

export const aiLicenceKey = (provider: string, service: string): string =>
  `AI_${licenceLabel(provider)}_${licenceLabel(service)}`;

export const botLicenceKey = (botName: string): string => `BOT_${licenceLabel(botName)}`;

export function hasLicence(licences: readonly string[] | undefined, key: string): boolean {
  return (licences ?? []).some((held) => held.toUpperCase() === key.toUpperCase());
}

/**
 * Seats still free for a kind: null when the tenant sets no limit for it, otherwise limit − used
 * (never below 0). Only active users take a seat.
 */
export function seatsLeft(
  counts: Readonly<Record<string, number>>,
  kind: UserKind,
  activeUsersOfKind: number,
): number | null {
  const limit = counts[kind];
  if (limit === undefined || !Number.isFinite(limit)) return null;
  return Math.max(0, limit - activeUsersOfKind);
}
