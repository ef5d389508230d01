import { z } from 'zod';
import { MESSAGES, validateForgotPassword } from '@formloop/domain';
import { envelope, refineWith } from './envelope.ts';

// Request and response shapes of the identity API (spec §3 and §7, "Authentication").
// The server validates requests with these; the web app types its calls with them.

/** Body of POST /identity/authenticateiso: a JSON string holding the minute-key cipher text. */
export const authenticateIsoBodySchema = z
  .string({ error: 'The sign-in payload must be a JSON string.' })
  .min(1, 'The sign-in payload must be a JSON string.')
  .max(4096, 'The sign-in payload is too long.');

export const authenticateIsoResponseSchema = envelope(z.object({ requiresTwoFactor: z.boolean() }));

export const loginWith2FaBodySchema = z.object({
  twoFactorCode: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(32, MESSAGES.digitsOnly),
  rememberMachine: z.boolean().default(false),
  isPersistent: z.boolean().default(true),
});
export type LoginWith2FaBody = z.input<typeof loginWith2FaBodySchema>;

export const recoveryCodeBodySchema = z.object({
  recoveryCode: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(64),
});

export const launchPageSchema = z.object({
  type: z.enum(['home', 'dashboard&reports', 'quickreport', 'apps']),
});

export const userPreferenceSchema = z.object({ launch_page: launchPageSchema });
export type UserPreference = z.infer<typeof userPreferenceSchema>;

export const appMenuEntrySchema: z.ZodType<AppMenuEntry> = z.lazy(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    href: z.string(),
    icon: z.string().nullable(),
    items: z.array(appMenuEntrySchema),
    disabled: z.boolean(),
  }),
);
export interface AppMenuEntry {
  id: string;
  title: string;
  href: string;
  icon: string | null;
  items: AppMenuEntry[];
  disabled: boolean;
}

export const userInfoSchema = z.object({
  uid: z.string(),
  username: z.string(),
  email: z.string(),
  fullname: z.string(),
  date_format: z.string(),
  preference: userPreferenceSchema,
  config: z.record(z.string(), z.unknown()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const roleFlagsSchema = z.object({
  isFullUser: z.boolean(),
  isConsultant: z.boolean(),
  isSysAdmin: z.boolean(),
  isAdministrator: z.boolean(),
});

/** The session-token request's data (spec §7): token, accessToken, flags, identity and config. */
export const sessionTokenSchema = roleFlagsSchema.extend({
  token: z.string(),
  accessToken: z.string(),
  expiresAt: z.string(),
  isMachineRemembered: z.boolean(),
  is2faEnabled: z.boolean(),
  uid: z.string(),
  username: z.string(),
  email: z.string(),
  fullname: z.string(),
  config: z.object({ appMenu: z.array(appMenuEntrySchema), userInfo: userInfoSchema }),
});
export type SessionToken = z.infer<typeof sessionTokenSchema>;
export const sessionTokenResponseSchema = envelope(sessionTokenSchema);

export const refreshTokenBodySchema = z.object({
  jwt: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(4096),
});
export const refreshTokenResponseSchema = envelope(z.object({ jwt: z.string(), expiresAt: z.string() }));

export const tokenValidationBodySchema = z.object({
  token: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(4096),
});
export const tokenValidationResponseSchema = envelope(
  z.object({ valid: z.boolean(), expiresAt: z.string().nullable() }),
);

export const info2FaResponseSchema = envelope(z.object({ name: z.string() }));

export const forgotPasswordQuerySchema = z.object({
  username: z
    .string({ error: MESSAGES.usernameRequired })
    .max(256, MESSAGES.maximum50)
    .check(refineWith(validateForgotPassword))
    .transform((v) => v.trim()),
});

export const resetPasswordBodySchema = z.object({
  token: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(256),
  password: z
    .string({ error: MESSAGES.required })
    .min(1, { message: MESSAGES.required, abort: true })
    .min(3, MESSAGES.minimum3)
    .max(50, MESSAGES.maximum50),
});

export const sharedKeyResponseSchema = envelope(
  z.object({ sharedKey: z.string(), authenticatorUri: z.string(), is2faEnabled: z.boolean() }),
);
export const enableAuthenticatorBodySchema = z.object({
  code: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(32),
});
export const enableAuthenticatorResponseSchema = envelope(z.object({ recoveryCodes: z.array(z.string()) }));
