import { z } from 'zod';
import {
  DESCRIPTION_MAX_LENGTH,
  MESSAGES,
  NAME_MAX_LENGTH,
  PAGE_SIZES,
  validateDescription,
  validateName,
} from '@formloop/domain';
import { envelope, refineWith } from './envelope.ts';

// Teams (/settings/team-management, spec §1 "teams", §2, §6). The spec names the screens but not
// the calls, so these paths are ours. Managing teams is for settings roles (system administrators,
// administrators, consultants); the lookup is for every signed-in user, because workflows assign
// tasks to teams.

export const TEAM_PATHS = {
  datatables: '/api/sys/teams/datatables',
  save: '/api/sys/teams/save',
  users: '/api/sys/teams/users',
  lookup: '/api/sys/teams/lookup',
  /** Route patterns; build concrete paths with the helpers below. */
  detail: '/api/sys/teams/:id',
  delete: '/api/sys/teams/:id/delete',
  members: '/api/sys/teams/:id/members',
} as const;

const idSegment = (id: string) => encodeURIComponent(id);
export const teamDetailPath = (id: string) => `/api/sys/teams/${idSegment(id)}`;
export const teamDeletePath = (id: string) => `/api/sys/teams/${idSegment(id)}/delete`;
export const teamMembersPath = (id: string) => `/api/sys/teams/${idSegment(id)}/members`;

/** Texts the spec does not quote; the web app translates them by key (teams:messages.<key>). */
export const TEAM_MESSAGES = {
  teamSaved: 'Team has been saved',
  teamSaveFailed: 'Failed to save team',
  teamDeleted: 'Team has been deleted',
  teamDeleteFailed: 'Failed to delete team',
  membersSaved: 'Team members have been saved',
  membersSaveFailed: 'Failed to save team members',
  duplicateName: 'A team with this name already exists.',
  notFound: 'This team does not exist.',
  userNotFound: 'This user does not exist.',
  leadInactive: 'The team lead must be an active user.',
  memberInactive: 'Only active users can be added to a team.',
} as const;
export type TeamMessageKey = keyof typeof TEAM_MESSAGES;

/** Users the member picker shows per page. */
export const TEAM_USER_PAGE_SIZE = 20;
/** Most members one PUT may name (a bound on the request, not a product limit). */
export const TEAM_MEMBERS_MAX = 1000;

export const TEAM_SORT_COLUMNS = ['team_name', 'member_count', 'created_at'] as const;
export type TeamSortColumn = (typeof TEAM_SORT_COLUMNS)[number];

// ---- list (spec §3 data table request) ----

export const teamOrderSchema = z.object({
  column: z.enum(TEAM_SORT_COLUMNS, { error: 'Unknown sort column.' }),
  dir: z.enum(['asc', 'desc'], { error: 'Sort direction must be asc or desc.' }),
});
export type TeamOrder = z.infer<typeof teamOrderSchema>;

/** The data table request as the teams table uses it; columns and filters are accepted and ignored. */
export const teamDataTableRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  length: z.literal(PAGE_SIZES, { error: 'Page size must be 10, 20, 50 or 100.' }).default(PAGE_SIZES[0]),
  orders: z
    .array(teamOrderSchema)
    .max(3)
    .default([{ column: 'team_name', dir: 'asc' }]),
  search: z.string().trim().max(200).default(''),
  columns: z.array(z.unknown()).optional(),
  filters: z.array(z.unknown()).optional(),
});
export type TeamDataTableRequest = z.input<typeof teamDataTableRequestSchema>;

export const teamPersonSchema = z.object({ id: z.string(), fullname: z.string() });
export type TeamPerson = z.infer<typeof teamPersonSchema>;

export const teamRecordSchema = z.object({
  id: z.string(),
  team_name: z.string(),
  description: z.string(),
  lead: teamPersonSchema.nullable(),
  member_count: z.number().int(),
  created_at: z.string(),
});
export type TeamRecord = z.infer<typeof teamRecordSchema>;

export const teamDataTableSchema = z.object({
  records: z.array(teamRecordSchema),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
});
export type TeamDataTable = z.infer<typeof teamDataTableSchema>;
export const teamDataTableResponseSchema = envelope(teamDataTableSchema);

// ---- detail ----

export const teamMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullname: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  is_lead: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamDetailSchema = teamRecordSchema.extend({
  modified_at: z.string(),
  members: z.array(teamMemberSchema),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;
export const teamDetailResponseSchema = envelope(teamDetailSchema);

export const teamIdParamsSchema = z.object({ id: z.string().max(64) });

// ---- save ----

/** Team name: required, then the spec §5 name rules (40 characters); stored without trailing spaces. */
export const teamNameRule = z
  .string({ error: MESSAGES.required })
  // A cheap bound before the code-point count; anything this long fails the 40 rule anyway.
  .max(NAME_MAX_LENGTH * 4, MESSAGES.nameTooLong)
  .refine((value) => value.trim() !== '', { message: MESSAGES.required, abort: true })
  .check(refineWith((value) => validateName(value)))
  .transform((value) => value.trimEnd());

/** Description: optional; no leading space, valid characters only, at most 250 characters. */
export const teamDescriptionRule = z
  .string()
  .max(DESCRIPTION_MAX_LENGTH * 4, MESSAGES.descriptionTooLong)
  .check(refineWith(validateDescription))
  .transform((value) => value.trimEnd());

/**
 * POST save: without id it creates a team, with id it updates that team. Left out, description and
 * lead keep their current values on an update; lead_user_id null clears the lead. A lead who is not
 * yet a member becomes one.
 */
export const saveTeamBodySchema = z.object({
  // Any string: an id that is not one of this tenant's teams is a 404, whatever its shape.
  id: z.string().max(64).optional(),
  team_name: teamNameRule,
  description: teamDescriptionRule.optional(),
  lead_user_id: z.string().max(64).nullable().optional(),
});
export type SaveTeamBody = z.input<typeof saveTeamBodySchema>;
export type SaveTeamCommand = z.output<typeof saveTeamBodySchema>;

/** PUT members: the complete new member list (repeats are ignored). */
export const setTeamMembersBodySchema = z.object({
  user_ids: z.array(z.string().max(64), { error: MESSAGES.required }).max(TEAM_MEMBERS_MAX),
});
export type SetTeamMembersBody = z.infer<typeof setTeamMembersBodySchema>;

export const deleteTeamResponseSchema = envelope(z.object({ id: z.string() }));

// ---- member picker and lookup ----

export const teamUserQuerySchema = z.object({
  search: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TeamUserQuery = z.input<typeof teamUserQuerySchema>;

export const teamUserOptionSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullname: z.string(),
  email: z.string(),
});
export type TeamUserOption = z.infer<typeof teamUserOptionSchema>;

export const teamUserPageSchema = z.object({
  records: z.array(teamUserOptionSchema),
  recordsFiltered: z.number().int(),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type TeamUserPage = z.infer<typeof teamUserPageSchema>;
export const teamUserPageResponseSchema = envelope(teamUserPageSchema);

export const teamLookupSchema = z.object({ id: z.string(), team_name: z.string() });
export type TeamLookupEntry = z.infer<typeof teamLookupSchema>;
export const teamLookupResponseSchema = envelope(z.array(teamLookupSchema));
