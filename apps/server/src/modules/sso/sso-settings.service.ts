import {
  msg,
  SSO_MESSAGES,
  SSO_PATHS,
  oidcSettingsSchema,
  samlSettingsSchema,
  type OidcSettings,
  type SamlSettings,
  type SsoProviders,
  type SsoSettings,
  type SsoSettingsCommand,
  type SsoTestCommand,
  type SsoTestResult,
} from '@formloop/contracts';
import { formatMessage, type UserKind } from '@formloop/domain';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { SecretSealer } from '../../platform/auth/sealed-secret.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { badField } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { clientRejection, describeFailure, discoverProvider, isUnreachable } from './oidc-discovery.ts';
import {
  MetadataError,
  certificateValidTo,
  normaliseCertificate,
  parseIdpMetadata,
} from './saml-metadata.ts';
import * as repo from './sso.repository.ts';

/** A tenant's settings as the sign-in flows use them (the client secret opened). */
export interface TenantSso {
  saml: SamlSettings;
  oidc: OidcSettings;
  jitEnabled: boolean;
  jitUserKind: UserKind;
  trustIdpMfa: boolean;
  modifiedOn: Date | null;
  clientSecretSet: boolean;
}

const METADATA_TIMEOUT_MS = 5_000;
const METADATA_MAX_BYTES = 1024 * 1024;

const message = (key: keyof typeof SSO_MESSAGES, params: Record<string, string> = {}) =>
  formatMessage(SSO_MESSAGES[key], params);

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The tenant's own service-provider addresses, from the origin it is reached at. */
export function serviceProvider(origin: string, saml: SamlSettings) {
  const metadataUrl = `${origin}${SSO_PATHS.samlMetadata}`;
  return {
    entityId: saml.spEntityId || metadataUrl,
    acsUrl: `${origin}${SSO_PATHS.samlAcs}`,
    metadataUrl,
    oidcRedirectUri: `${origin}${SSO_PATHS.oidcCallback}`,
  };
}

/** Downloads IdP metadata (administrators' IdPs are often on private networks: no address filter). */
async function downloadMetadata(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(METADATA_TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > METADATA_MAX_BYTES) throw new Error('too large');
  const text = await response.text();
  if (text.length > METADATA_MAX_BYTES) throw new Error('too large');
  return text;
}

/**
 * Whether the IdP's sign-in URL answers at all (any HTTP status will do: without a SAMLRequest most
 * IdPs answer 400).
 */
async function answers(entryPoint: string): Promise<boolean> {
  try {
    const response = await fetch(entryPoint, {
      signal: AbortSignal.timeout(METADATA_TIMEOUT_MS),
      redirect: 'manual',
    });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/**
 * The SAML settings made whole: metadata (pasted XML first, else the URL) fills the entry point,
 * certificate and IdP entity id; then what a sign-in needs must be there. Throws 400 with the reason.
 */
export async function resolveSaml(saml: SamlSettings): Promise<SamlSettings> {
  let resolved = { ...saml };
  for (const [field, value] of [
    ['metadataUrl', saml.metadataUrl],
    ['entryPoint', saml.entryPoint],
  ] as const) {
    if (value && !isHttpUrl(value)) {
      throw badField(`saml.${field}`, msg('sso.invalidUrl'));
    }
  }
  let xml = saml.metadataXml;
  if (!xml && saml.metadataUrl) {
    try {
      xml = await downloadMetadata(saml.metadataUrl);
    } catch {
      const text = msg('sso.samlMetadataUnreachable');
      throw badField('saml.metadataUrl', text);
    }
  }
  if (xml) {
    try {
      const metadata = parseIdpMetadata(xml);
      resolved = {
        ...resolved,
        entryPoint: metadata.entryPoint,
        idpCertificate: metadata.certificate,
        idpEntityId: metadata.entityId,
      };
    } catch (error) {
      const reason = error instanceof MetadataError ? error.message : 'unreadable';
      const text = msg('sso.samlMetadataUnreadable', { reason });
      throw badField(saml.metadataXml ? 'saml.metadataXml' : 'saml.metadataUrl', text);
    }
  }
  if (!resolved.entryPoint || !resolved.idpCertificate) {
    const text = msg('sso.samlIncomplete');
    throw badField(resolved.entryPoint ? 'saml.idpCertificate' : 'saml.entryPoint', text);
  }
  if (!isHttpUrl(resolved.entryPoint)) {
    throw badField('saml.entryPoint', msg('sso.invalidUrl'));
  }
  const pem = normaliseCertificate(resolved.idpCertificate);
  if (!pem) {
    const text = msg('sso.certificateInvalid');
    throw badField('saml.idpCertificate', text);
  }
  return { ...resolved, idpCertificate: pem };
}

function checkOidc(oidc: OidcSettings, secret: string | null): void {
  if (!oidc.issuer || !oidc.clientId || !secret) {
    const text = msg('sso.oidcIncomplete');
    const field = !oidc.issuer ? 'issuer' : !oidc.clientId ? 'clientId' : 'clientSecret';
    throw badField(`oidc.${field}`, text);
  }
  if (!isHttpUrl(oidc.issuer)) {
    throw badField('oidc.issuer', msg('sso.invalidUrl'));
  }
  if (!oidc.scopes.split(/\s+/).includes('openid')) {
    const text = msg('sso.scopesNeedOpenid');
    throw badField('oidc.scopes', text);
  }
}

export function createSsoSettingsService(deps: { db: TenantDb; sealer: SecretSealer }) {
  const { db, sealer } = deps;

  function fromRow(row: repo.SsoSettingsRow | null): TenantSso & { clientSecret: string | null } {
    const clientSecret = row?.oidcClientSecretSealed ? sealer.open(row.oidcClientSecretSealed) : null;
    return {
      saml: samlSettingsSchema.parse({ enabled: false, ...(row?.saml ?? {}) }),
      oidc: oidcSettingsSchema.parse({ enabled: false, ...(row?.oidc ?? {}), clientSecret: '' }),
      jitEnabled: row?.jitEnabled ?? false,
      jitUserKind: (row?.jitUserKind ?? 'USER') as UserKind,
      trustIdpMfa: row?.trustIdpMfa ?? false,
      modifiedOn: row?.modifiedOn ?? null,
      clientSecret,
      clientSecretSet: clientSecret !== null,
    };
  }

  function toView(stored: TenantSso, origin: string): SsoSettings {
    const { clientSecret: _omitted, ...oidc } = stored.oidc;
    return {
      saml: stored.saml,
      oidc: { ...oidc, clientSecretSet: stored.clientSecretSet },
      jitEnabled: stored.jitEnabled,
      jitUserKind: stored.jitUserKind,
      trustIdpMfa: stored.trustIdpMfa,
      serviceProvider: serviceProvider(origin, stored.saml),
      modifiedOn: stored.modifiedOn?.toISOString() ?? null,
    };
  }

  const load = (tenantId: string) =>
    db.inTenant(tenantId, (tx) => repo.findSettings(tx, tenantId)).then(fromRow);

  return {
    /** What the sign-in flows need (with the opened client secret). */
    load,

    async get(ctx: CallContext, origin: string): Promise<SsoSettings> {
      return toView(await load(ctx.tenantId), origin);
    },

    async providers(tenantId: string): Promise<SsoProviders> {
      const stored = await load(tenantId);
      return {
        saml: stored.saml.enabled,
        oidc: stored.oidc.enabled,
        oidcDisplayName: stored.oidc.enabled ? stored.oidc.displayName : '',
        samlDisplayName: stored.saml.enabled ? stored.saml.displayName : '',
      };
    },

    /** Saves both providers; only a switched-on provider must be complete. */
    async save(
      ctx: CallContext,
      auth: RequestAuth,
      origin: string,
      body: SsoSettingsCommand,
    ): Promise<SsoSettings> {
      const saml = body.saml.enabled ? await resolveSaml(body.saml) : body.saml;
      return db.inTenant(ctx.tenantId, async (tx) => {
        const before = fromRow(await repo.findSettings(tx, ctx.tenantId));
        const secret = body.oidc.clientSecret || before.clientSecret;
        if (body.oidc.enabled) checkOidc(body.oidc, secret);
        const { clientSecret: _secret, ...oidc } = body.oidc;
        const row = await repo.upsertSettings(tx, {
          tenantId: ctx.tenantId,
          saml,
          oidc,
          oidcClientSecretSealed: secret ? sealer.seal(secret) : null,
          jitEnabled: body.jitEnabled,
          jitUserKind: body.jitUserKind,
          trustIdpMfa: body.trustIdpMfa,
          modifiedBy: auth.userId,
        });
        const after = fromRow(row);
        // The audit row says whether the secret changed, never what it is.
        const auditView = (s: TenantSso) => ({
          saml: { ...s.saml, metadataXml: s.saml.metadataXml ? '(given)' : '' },
          oidc: { ...s.oidc, clientSecret: undefined, clientSecretSet: s.clientSecretSet },
          jit_enabled: s.jitEnabled,
          jit_user_kind: s.jitUserKind,
          trust_idp_mfa: s.trustIdpMfa,
        });
        await appendAudit(tx, {
          tenantId: ctx.tenantId,
          userId: auth.userId,
          entity: 'sso_settings',
          entityId: ctx.tenantId,
          action: 'update',
          before: before.modifiedOn ? auditView(before) : null,
          after: { ...auditView(after), client_secret_changed: Boolean(body.oidc.clientSecret) },
          requestId: ctx.requestId,
        });
        return toView(after, origin);
      });
    },

    /**
     * Checks one provider's (unsaved) settings against the provider itself; never throws for it.
     * OpenID Connect: discovery, then the token endpoint's verdict on the client id and secret.
     */
    async test(ctx: CallContext, origin: string, body: SsoTestCommand): Promise<SsoTestResult> {
      const stored = await load(ctx.tenantId);
      if (body.provider === 'saml') {
        try {
          const saml = await resolveSaml(body.saml ?? stored.saml);
          if (!(await answers(saml.entryPoint)))
            return { ok: false, message: message('samlEntryPointUnreachable') };
          return {
            ok: true,
            message: message('samlTestSucceeded', { validTo: certificateValidTo(saml.idpCertificate) }),
          };
        } catch (error) {
          return { ok: false, message: (error as Error).message };
        }
      }
      const oidc = body.oidc ?? stored.oidc;
      const secret = body.oidc?.clientSecret || stored.clientSecret;
      try {
        checkOidc(oidc, secret);
      } catch (error) {
        return { ok: false, message: (error as Error).message };
      }
      try {
        const provider = await discoverProvider(oidc, secret!);
        const rejected = await clientRejection(
          provider,
          serviceProvider(origin, stored.saml).oidcRedirectUri,
        );
        if (rejected) return { ok: false, message: message('oidcClientRejected', { reason: rejected }) };
        return {
          ok: true,
          message: message('oidcTestSucceeded', { issuer: provider.serverMetadata().issuer }),
        };
      } catch (error) {
        // The provider's own words when it answered; our sentence when nothing did.
        return isUnreachable(error)
          ? { ok: false, message: message('oidcUnreachable') }
          : { ok: false, message: message('oidcDiscoveryFailed', { reason: describeFailure(error) }) };
      }
    },
  };
}

export type SsoSettingsService = ReturnType<typeof createSsoSettingsService>;
