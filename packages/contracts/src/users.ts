import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  LAUNCH_PAGE_TYPES,
  MESSAGES,
  PAGE_SIZES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_KINDS,
  USER_NAME_MAX_LENGTH,
  codePointLength,
  validateSearch,
  validateUserName,
  type UserKind,
} from '@formloop/domain';
import { envelope, refineWith } from './envelope.ts';

// User management and licences (spec §2 /settings/user-management, /settings/user-management/{license},
// /settings/user-detail; §6 settings roles). The spec shows these screens but not their calls, so the
// paths under /api/sys/users are ours (documented in OpenAPI). Every route is for settings roles only.

export const USERS_PATHS = {
  licences: '/api/sys/users/licences',
  datatables: '/api/sys/users/datatables',
  create: '/api/sys/users/create',
  /** Route patterns below; build concrete paths with userPath(key, id). */
  detail: '/api/sys/users/:id',
  update: '/api/sys/users/:id/update',
  deactivate: '/api/sys/users/:id/deactivate',
  activate: '/api/sys/users/:id/activate',
  resetPassword: '/api/sys/users/:id/reset-password',
  resetTwoFactor: '/api/sys/users/:id/reset-2fa',
  licence: '/api/sys/users/:id/licence',
  roles: '/api/sys/users/:id/roles',
} as const;

type UserIdPathKey = Exclude<keyof typeof USERS_PATHS, 'licences' | 'datatables' | 'create'>;

/** A concrete path of one user's route, e.g. userPath('roles', id) → /api/sys/users/{id}/roles. */
export const userPath = (key: UserIdPathKey, id: string) =>
  USERS_PATHS[key].replace(':id', encodeURIComponent(id));

/** English names of the licence kinds; the web app translates them by kind. */
export const USER_KIND_LABELS: Readonly<Record<UserKind, string>> = {
  USER: 'User',
  FULL_USER: 'Full User',
  CONSULTANT: 'Consultant',
  ADMINISTRATOR: 'Administrator',
  SYSTEM_ADMINISTRATOR: 'System Administrator',
};

/**
 * Texts the spec does not quote; the web app translates them by key (userManagement:errors.<key>).
 * Templates carry {placeholders}; fill them with usersMessage().
 */
export const USERS_MESSAGES = {
  notFound: 'This user does not exist.',
  duplicateUsername: 'A user with this user name already exists.',
  invalidEmail: 'Please enter a valid e-mail address.',
  invalidKind: 'Choose one of the licences.',
  invalidStatus: 'Choose active, inactive or all.',
  invalidPageSize: 'Page size must be 10, 20, 50 or 100.',
  invalidSortColumn: 'Unknown sort column.',
  invalidSortDirection: 'Sort direction must be asc or desc.',
  /** Params: licence (the English kind name), limit. */
  noSeatsLeft: 'No {licence} licence is left: all {limit} are in use.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotChangeOwnLicence: 'You cannot change your own licence.',
  sysAdminLicenceOnly: 'Only a system administrator can grant or take away the System Administrator licence.',
  sysAdminTargetOnly: 'Only a system administrator can change or deactivate a system administrator.',
  userInactive: 'This user is deactivated. Activate the user first.',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled for this user.',
  unknownRoles: 'One or more of the chosen roles do not exist.',
  duplicateRoles: 'Each role may be chosen only once.',
  inviteMailFailed: 'The invitation e-mail could not be sent, so the user was not created. Try again later.',
  resetMailFailed: 'The password reset e-mail could not be sent. Try again later.',
  userCreated: 'The user has been created.',
  userInvited: 'The user has been invited: an e-mail with a link to set a password is on its way.',
  userSaved: 'The user has been saved.',
  userDeactivated: 'The user has been deactivated.',
  userActivated: 'The user has been activated.',
  resetMailSent: 'A password reset link has been sent to the user.',
  twoFactorReset: 'Two-factor authentication has been reset for the user.',
  licenceChanged: 'The licence has been changed.',
  rolesSaved: 'The roles have been saved.',
} as const;
export type UsersMessageKey = keyof typeof USERS_MESSAGES;

/** Fills {placeholder}s of a user-management message. */
export const usersMessage = (key: UsersMessageKey, params: Record<string, string | number> = {}) =>
  USERS_MESSAGES[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );

const userKindSchema = z.enum(USER_KINDS, { error: USERS_MESSAGES.invalidKind });

// ---- shared field rules (the web app's form rules mirror these) ----

/** User name: required, then the spec §5 user-name variant (64 characters); stored without trailing spaces. */
export const managedUsernameRule = z
  .string({ error: MESSAGES.required })
  // A cheap bound before the code-point count; anything this long fails the 64 rule anyway.
  .max(USER_NAME_MAX_LENGTH * 4, MESSAGES.userNameTooLong)
  .refine((value) => value.trim() !== '', { message: MESSAGES.required, abort: true })
  .check(refineWith(validateUserName))
  .transform((value) => value.trimEnd());

/** Full name: the same rules as the user name (like My Profile). */
export const managedFullnameRule = managedUsernameRule;

export const managedEmailRule = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { message: MESSAGES.required, abort: true })
  .max(254, USERS_MESSAGES.invalidEmail)
  .pipe(z.email({ error: USERS_MESSAGES.invalidEmail }));

/** A password set by an administrator: the login rule, 3 to 50 characters (spec §5, §9). */
export const managedPasswordRule = z.string().check(
  refineWith((value) => {
    if (codePointLength(value) < PASSWORD_MIN_LENGTH) return MESSAGES.minimum3;
    if (codePointLength(value) > PASSWORD_MAX_LENGTH) return MESSAGES.maximum50;
    return null;
  }),
);

// ---- licences ----

export const userLicenceSchema = z.object({
  kind: z.enum(USER_KINDS),
  /** Seats the tenant holds for this kind; null = unlimited. */
  limit: z.number().int().nullable(),
  /** Active users of this kind (inactive users hold no seat). */
  used: z.number().int(),
  /** limit − used, never below 0; null = unlimited. */
  available: z.number().int().nullable(),
});
export type UserLicence = z.infer<typeof userLicenceSchema>;
export const userLicencesResponseSchema = envelope(z.array(userLicenceSchema));

// ---- list ----

export const USER_SORT_COLUMNS = [
  'username',
  'fullname',
  'email',
  'user_kind',
  'is_active',
  'created_at',
] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];
export const USER_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];

export const userOrderSchema = z.object({
  column: z.enum(USER_SORT_COLUMNS, { error: USERS_MESSAGES.invalidSortColumn }),
  dir: z.enum(['asc', 'desc'], { error: USERS_MESSAGES.invalidSortDirection }),
});

/** Spec §3 "Data table request" for the user list, plus the licence and status filters of the screen. */
export const userDataTableRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  length: z.literal(PAGE_SIZES, { error: USERS_MESSAGES.invalidPageSize }).default(DEFAULT_PAGE_SIZE),
  orders: z
    .array(userOrderSchema)
    .max(4)
    .default([{ column: 'username', dir: 'asc' }]),
  /** Matches user name, full name or e-mail, ignoring case; the sidebar-search character rule applies. */
  search: z.string().trim().max(200).check(refineWith(validateSearch)).default(''),
  /** Only users holding this licence kind. */
  license: userKindSchema.optional(),
  status: z.enum(USER_STATUS_FILTERS, { error: USERS_MESSAGES.invalidStatus }).default('all'),
  columns: z.array(z.unknown()).optional(),
});
export type UserDataTableRequest = z.input<typeof userDataTableRequestSchema>;
export type UserDataTableQuery = z.output<typeof userDataTableRequestSchema>;

export const managedUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  fullname: z.string(),
  user_kind: z.enum(USER_KINDS),
  is_active: z.boolean(),
  two_factor_enabled: z.boolean(),
  created_at: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;
export const managedUserResponseSchema = envelope(managedUserSchema);

export const userDataTableSchema = z.object({
  records: z.array(managedUserSchema),
  /** Users of the tenant, whatever the filters. */
  recordsTotal: z.number().int(),
  /** Users matching the search, licence and status. */
  recordsFiltered: z.number().int(),
});
export type UserDataTable = z.infer<typeof userDataTableSchema>;
export const userDataTableResponseSchema = envelope(userDataTableSchema);

// ---- detail ----

export const userRoleRefSchema = z.object({ id: z.string(), role_name: z.string() });
export type UserRoleRef = z.infer<typeof userRoleRefSchema>;

export const managedUserDetailSchema = managedUserSchema.extend({
  time_zone: z.string(),
  preference: z.object({ launch_page: z.object({ type: z.enum(LAUNCH_PAGE_TYPES) }) }),
  teams: z.array(z.object({ id: z.string(), team_name: z.string(), is_lead: z.boolean() })),
  roles: z.array(userRoleRefSchema),
  /** Every role of the tenant, so the page can offer them. */
  available_roles: z.array(userRoleRefSchema),
});
export type ManagedUserDetail = z.infer<typeof managedUserDetailSchema>;
export const managedUserDetailResponseSchema = envelope(managedUserDetailSchema);

/** Any string: an id that is not one of this tenant's users is a 404, whatever its shape. */
export const userIdParamsSchema = z.object({ id: z.string().max(64) });

// ---- commands ----

export const createUserBodySchema = z.object({
  username: managedUsernameRule,
  email: managedEmailRule,
  fullname: managedFullnameRule,
  user_kind: userKindSchema,
  /** Left out: the user is invited by e-mail to set one. */
  password: managedPasswordRule.optional(),
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;
export type CreateUserCommand = z.output<typeof createUserBodySchema>;

export const createUserResultSchema = managedUserSchema.extend({
  /** True when an invitation to set a password was mailed. */
  invited: z.boolean(),
});
export type CreateUserResult = z.infer<typeof createUserResultSchema>;
export const createUserResponseSchema = envelope(createUserResultSchema);

export const updateUserBodySchema = z.object({
  email: managedEmailRule,
  fullname: managedFullnameRule,
});
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;
export type UpdateUserCommand = z.output<typeof updateUserBodySchema>;

export const changeLicenceBodySchema = z.object({ user_kind: userKindSchema });
export type ChangeLicenceBody = z.infer<typeof changeLicenceBodySchema>;

export const setUserRolesBodySchema = z.object({
  role_ids: z
    .array(z.string().max(64), { error: MESSAGES.required })
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, USERS_MESSAGES.duplicateRoles),
});
export type SetUserRolesBody = z.infer<typeof setUserRolesBodySchema>;
export const userRolesResponseSchema = envelope(z.object({ roles: z.array(userRoleRefSchema) }));
export type UserRolesResult = { roles: UserRoleRef[] };

export const emptyUserResponseSchema = envelope(z.null());
