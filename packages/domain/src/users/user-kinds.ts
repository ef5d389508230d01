// User kinds and the permission flags the auth configuration carries (spec §1, §6).
//
// Kind → flags (the licence a user holds decides the flags; flags decide access):
//
//   kind                  isSysAdmin  isAdministrator  isConsultant  isFullUser
//   USER                  -           -                -             -
//   FULL_USER             -           -                -             yes
//   CONSULTANT            -           -                yes           -
//   ADMINISTRATOR         -           yes              -             yes
//   SYSTEM_ADMINISTRATOR  yes         yes              -             yes
//
// Administrators and system administrators are full users as well: they configure forms and
// reports, so they need everything a full user has. A consultant is not a full user; consultants
// get the builder through canUseBuilder's explicit consultant clause instead, which keeps them out
// of full-user-only behaviour such as the launch page preference.

export const USER_KINDS = [
  'USER',
  'FULL_USER',
  'CONSULTANT',
  'ADMINISTRATOR',
  'SYSTEM_ADMINISTRATOR',
] as const;
export type UserKind = (typeof USER_KINDS)[number];

export interface UserFlags {
  isSysAdmin: boolean;
  isAdministrator: boolean;
  isConsultant: boolean;
  isFullUser: boolean;
}

export function isUserKind(value: unknown): value is UserKind {
  return typeof value === 'string' && (USER_KINDS as readonly string[]).includes(value);
}

const FLAGS_BY_KIND: Readonly<Record<UserKind, Readonly<UserFlags>>> = {
  USER: { isSysAdmin: false, isAdministrator: false, isConsultant: false, isFullUser: false },
  FULL_USER: { isSysAdmin: false, isAdministrator: false, isConsultant: false, isFullUser: true },
  CONSULTANT: { isSysAdmin: false, isAdministrator: false, isConsultant: true, isFullUser: false },
  ADMINISTRATOR: { isSysAdmin: false, isAdministrator: true, isConsultant: false, isFullUser: true },
  SYSTEM_ADMINISTRATOR: { isSysAdmin: true, isAdministrator: true, isConsultant: false, isFullUser: true },
};

/**
 * The flags of a kind, as a fresh object the caller may keep or change. A value that is not a
 * kind (bad data from outside the type system) fails closed with the plain USER flags.
 */
export function flagsForKind(kind: UserKind): UserFlags {
  return { ...(isUserKind(kind) ? FLAGS_BY_KIND[kind] : FLAGS_BY_KIND.USER) };
}

/**
 * The most privileged kind whose flags are all present, for flags that arrive without a kind
 * (for example from a token). Flags that fit no row of the table above still get the highest
 * kind they imply, never a higher one.
 */
export function kindForFlags(flags: UserFlags): UserKind {
  if (flags.isSysAdmin) return 'SYSTEM_ADMINISTRATOR';
  if (flags.isAdministrator) return 'ADMINISTRATOR';
  if (flags.isConsultant) return 'CONSULTANT';
  if (flags.isFullUser) return 'FULL_USER';
  return 'USER';
}

/** Reports, dashboards, BI, quick report, form editor, Create App, reference data, data connectors. */
export function canUseBuilder(flags: UserFlags): boolean {
  return flags.isFullUser || flags.isConsultant;
}

/** Settings and integration routes, module categories and the User Extension reference-data item. */
export function canUseSettings(flags: UserFlags): boolean {
  return flags.isSysAdmin || flags.isAdministrator || flags.isConsultant;
}

/** The RPA, Webhooks and Connect Hub menu items. */
export function canUseIntegrations(flags: UserFlags): boolean {
  return flags.isAdministrator || flags.isSysAdmin;
}

/** Process engine, the Process link and the audit trail: system administrators only. */
export function isSystemAdminOnly(flags: UserFlags): boolean {
  return flags.isSysAdmin;
}

/** The launch page preference applies only to full users and administrators. */
export function launchPageApplies(flags: UserFlags): boolean {
  return flags.isFullUser || flags.isAdministrator;
}
