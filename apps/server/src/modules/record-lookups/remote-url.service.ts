import { msg, type RemoteUrlBody, type MessageRef } from '@formloop/contracts';
import { canUseBuilder, type FieldType } from '@formloop/domain';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { AppError, badRequest, forbidden } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { taskFormAppOr404 } from '../records/index.ts';
import { govHeaders, type GovOrigin } from './gov-headers.ts';
import { RemoteError, remoteFetch, type FetchPolicy } from '../../platform/outbound/remote-fetch.ts';
import { buildRequest, rawSettings, readAnswer, type CallSettings } from './remote-request.ts';

// RemoteUrl: the server calls an external service for a form. In a running app the settings come
// from the PUBLISHED field (moduleId + fieldName), so header secrets never travel to browsers and a
// user cannot point the call elsewhere; only builders may send settings of their own (raw mode,
// the form editor's "try it"). Failures of the external side are 502, never 500.

const EXTERNAL_TYPES: ReadonlySet<FieldType> = new Set<FieldType>([
  'remote-lookup',
  'input-external',
  'multi-select-external',
  'calculation-remote-lookup',
  'button',
]);
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

const upstream = (ref: MessageRef) => new AppError(502, 'INTERNAL', ref);

function asAppError(error: unknown): unknown {
  if (!(error instanceof RemoteError)) return error;
  switch (error.problem) {
    case 'invalidUrl':
      return badRequest(msg('recordLookups.urlInvalid'));
    case 'notAllowed':
      return badRequest(msg('recordLookups.urlNotAllowed'));
    case 'timeout':
      return upstream(msg('recordLookups.remoteTimeout'));
    case 'tooLarge':
      return upstream(msg('recordLookups.remoteTooLarge'));
    default:
      return upstream(msg('recordLookups.remoteFailed', { status: error.detail || 'error' }));
  }
}

export interface RemoteUrlServiceDeps {
  db: TenantDb;
  policy: Omit<FetchPolicy, 'maxBytes' | 'maxRedirects'>;
  vendorIp: string | undefined;
}

export function createRemoteUrlService(deps: RemoteUrlServiceDeps) {
  const policy: FetchPolicy = { ...deps.policy, maxBytes: MAX_ANSWER_BYTES, maxRedirects: 3 };

  /** The published field's external settings: 404 for an app the caller may not see (nor works in through a task). */
  async function publishedSettings(
    ctx: CallContext,
    auth: RequestAuth,
    body: RemoteUrlBody,
  ): Promise<CallSettings> {
    const { definition } = await deps.db.inTenant(ctx.tenantId, (tx) =>
      taskFormAppOr404(tx, ctx.tenantId, auth, body.moduleId!),
    );
    const groups = definition.fieldGroups.filter((group) => !body.groupName || group.name === body.groupName);
    const field = groups.flatMap((group) => group.fields).find((f) => f.name === body.fieldName);
    if (!field) throw badRequest(msg('recordLookups.unknownField'));
    if (!EXTERNAL_TYPES.has(field.fieldType) || !field.external) {
      throw badRequest(msg('recordLookups.fieldNotExternal'));
    }
    return { ...field.external, responseFormat: field.external.responseFormat ?? 'json' };
  }

  return {
    origin(
      auth: RequestAuth,
      request: { ip: string | undefined; port: number | undefined; userAgent: string | undefined },
    ): GovOrigin {
      return { ...request, userId: auth.userId, vendorIp: deps.vendorIp };
    },

    async call(
      ctx: CallContext,
      auth: RequestAuth,
      body: RemoteUrlBody,
      origin: GovOrigin,
    ): Promise<{ status: number; data: unknown }> {
      const runtime = Boolean(body.moduleId && body.fieldName);
      if (!runtime && !canUseBuilder(auth.flags)) throw forbidden();
      const settings = runtime ? await publishedSettings(ctx, auth, body) : rawSettings(body);
      const request = buildRequest(settings, body.values ?? {});
      if (settings.addGovHeaders) Object.assign(request.headers, govHeaders(origin, body.govClient));
      try {
        const answer = await remoteFetch(request, policy);
        if (answer.status >= 400) {
          throw upstream(msg('recordLookups.remoteFailed', { status: answer.status }));
        }
        return { status: answer.status, data: readAnswer(answer, settings) };
      } catch (error) {
        throw asAppError(error);
      }
    },
  };
}

export type RemoteUrlService = ReturnType<typeof createRemoteUrlService>;
