import { z } from 'zod';
import {
  DATE_FORMATS,
  LANGUAGES,
  LAUNCH_PAGE_TYPES,
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_KINDS,
  USER_NAME_MAX_LENGTH,
  validateUserName,
} from '@formloop/domain';
import { envelope, refineWith } from './envelope.ts';
import { roleFlagsSchema } from './auth.ts';

// My Profile (spec §2 /app/user/profile, §3 user info and preference, §7 identity/manageauthenticator).
// The spec quotes no texts for these checks beyond the password and name rules, so the rest are ours;
// the web app translates them by key (PROFILE_MESSAGES → profile:messages.<key>).

export const PROFILE_MESSAGES = {
  invalidEmail: 'Please enter a valid e-mail address.',
  invalidDateFormat: 'Choose one of the offered date formats.',
  invalidLaunchPage: 'Choose one of the offered launch pages.',
  invalidTimeZone: 'Choose a time zone from the list.',
  invalidLanguage: 'Choose one of the offered languages.',
  nothingToUpdate: 'Nothing to update.',
  wrongCurrentPassword: 'The current password is incorrect.',
  unknownQuestion: 'Choose a question from the list.',
  duplicateQuestion: 'Choose a different question for each answer.',
  /** Param: count. */
  answerCount: 'Answer exactly {count} security questions.',
  /** The organization's password policy (with the default policy the spec's 'Minimum 3 characters'). Param: min. */
  passwordTooShort: 'Minimum {min} characters',
  /** Param: max. */
  passwordTooLong: 'Maximum {max} characters',
  profileSaved: 'Your profile has been saved.',
  timeZoneSaved: 'Your time zone has been saved.',
  passwordUpdated: 'Your password has been changed.',
  securityQuestionsSaved: 'Your security questions have been saved.',
} as const;
export type ProfileMessageKey = keyof typeof PROFILE_MESSAGES;

/** Fills {count}-style placeholders of a profile message. */
export const profileMessage = (key: ProfileMessageKey, params: Record<string, string | number> = {}) =>
  PROFILE_MESSAGES[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );

/** A fixed catalogue; the web app words each key in the reader's language. */
export const SECURITY_QUESTION_KEYS = [
  'firstPet',
  'birthCity',
  'motherMaidenName',
  'firstSchool',
  'childhoodFriend',
  'firstCar',
  'favouriteTeacher',
  'childhoodStreet',
] as const;
export type SecurityQuestionKey = (typeof SECURITY_QUESTION_KEYS)[number];
export const SECURITY_ANSWER_MAX_LENGTH = 100;

// ---- GET/POST userinfo ----

/** The signed-in user's profile: identity, display preferences, 2FA state and role flags. */
export const userProfileSchema = roleFlagsSchema.extend({
  uid: z.string(),
  username: z.string(),
  email: z.string(),
  fullname: z.string(),
  time_zone: z.string(),
  date_format: z.string(),
  /** The user's language (e-mails and exports are written in it); null until chosen or first detected. */
  language: z.enum(LANGUAGES).nullable(),
  preference: z.object({ launch_page: z.object({ type: z.enum(LAUNCH_PAGE_TYPES) }) }),
  is2faEnabled: z.boolean(),
  user_kind: z.enum(USER_KINDS),
  /** The same shape as the session token's userInfo.config, so the web app can refresh its copy. */
  config: z.object({ time_zone: z.string(), user_kind: z.enum(USER_KINDS) }),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
export const userProfileResponseSchema = envelope(userProfileSchema);

/** Full name: required, then the spec's user-name rules (64 characters); stored without trailing spaces. */
const fullnameRule = z
  .string({ error: MESSAGES.required })
  // A cheap bound before the code-point count; anything this long fails the 64 rule anyway.
  .max(USER_NAME_MAX_LENGTH * 4, MESSAGES.userNameTooLong)
  .refine((value) => value.trim() !== '', { message: MESSAGES.required, abort: true })
  .check(refineWith(validateUserName))
  .transform((value) => value.trimEnd());

/** Every field is optional (a partial update) but at least one must be there. */
export const updateUserProfileBodySchema = z
  .object({
    fullname: fullnameRule.optional(),
    email: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, { message: MESSAGES.required, abort: true })
      .max(254, PROFILE_MESSAGES.invalidEmail)
      .pipe(z.email({ error: PROFILE_MESSAGES.invalidEmail }))
      .optional(),
    date_format: z.enum(DATE_FORMATS, { error: PROFILE_MESSAGES.invalidDateFormat }).optional(),
    language: z.enum(LANGUAGES, { error: PROFILE_MESSAGES.invalidLanguage }).optional(),
    preference: z
      .object({
        launch_page: z.object({
          type: z.enum(LAUNCH_PAGE_TYPES, { error: PROFILE_MESSAGES.invalidLaunchPage }),
        }),
      })
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: PROFILE_MESSAGES.nothingToUpdate,
  });
export type UpdateUserProfileBody = z.input<typeof updateUserProfileBodySchema>;

// ---- time zones ----

export const setUserTimeZoneBodySchema = z.object({
  timeZone: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { message: MESSAGES.required, abort: true })
    .max(64, PROFILE_MESSAGES.invalidTimeZone),
});
export type SetUserTimeZoneBody = z.infer<typeof setUserTimeZoneBodySchema>;
export const setUserTimeZoneResponseSchema = envelope(z.object({ time_zone: z.string() }));

/** ?iana=true asks for IANA ids (the only kind this server has); other values are accepted and ignored. */
export const timeZoneQuerySchema = z.object({ iana: z.enum(['true', 'false']).optional() });
export const timeZoneOptionSchema = z.object({
  id: z.string(),
  /** '(UTC+01:00) Europe/Berlin': the offset in effect now. */
  label: z.string(),
  /** Minutes east of UTC now, for sorting and grouping. */
  offsetMinutes: z.number().int(),
});
export type TimeZoneOption = z.infer<typeof timeZoneOptionSchema>;
export const timeZoneListResponseSchema = envelope(z.array(timeZoneOptionSchema));

// ---- change password ----

const passwordRule = z
  .string({ error: MESSAGES.required })
  .min(1, { message: MESSAGES.required, abort: true })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.minimum3)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.maximum50);

export const changePasswordBodySchema = z.object({
  // Checked against the stored hash, not the length rules: an old password may predate them.
  currentPassword: z
    .string({ error: MESSAGES.required })
    .min(1, { message: MESSAGES.required, abort: true })
    .max(256, PROFILE_MESSAGES.wrongCurrentPassword),
  newPassword: passwordRule,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

// ---- policy and security questions ----

export const securityPolicySchema = z.object({
  passwordMinLength: z.number().int(),
  passwordMaxLength: z.number().int(),
  securityQuestionsRequired: z.number().int(),
});
export type SecurityPolicy = z.infer<typeof securityPolicySchema>;
export const securityPolicyResponseSchema = envelope(securityPolicySchema);

/** The questions to choose from and which ones this user has answered; answers never leave the server. */
export const securityQuestionsSchema = z.object({
  required: z.number().int(),
  questions: z.array(z.object({ key: z.enum(SECURITY_QUESTION_KEYS) })),
  answered: z.array(z.enum(SECURITY_QUESTION_KEYS)),
});
export type SecurityQuestions = z.infer<typeof securityQuestionsSchema>;
export const securityQuestionsResponseSchema = envelope(securityQuestionsSchema);

export const saveSecurityQuestionsBodySchema = z.object({
  answers: z
    .array(
      z.object({
        questionKey: z.enum(SECURITY_QUESTION_KEYS, { error: PROFILE_MESSAGES.unknownQuestion }),
        answer: z
          .string({ error: MESSAGES.required })
          .trim()
          .min(1, { message: MESSAGES.required, abort: true })
          .max(SECURITY_ANSWER_MAX_LENGTH, MESSAGES.cannotExceed(SECURITY_ANSWER_MAX_LENGTH)),
      }),
      { error: MESSAGES.required },
    )
    .max(SECURITY_QUESTION_KEYS.length, PROFILE_MESSAGES.duplicateQuestion)
    .refine(
      (answers) => new Set(answers.map((a) => a.questionKey)).size === answers.length,
      PROFILE_MESSAGES.duplicateQuestion,
    ),
});
export type SaveSecurityQuestionsBody = z.infer<typeof saveSecurityQuestionsBodySchema>;
