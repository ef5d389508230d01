import {
  msg,
  SECURITY_QUESTION_KEYS,
  type SaveSecurityQuestionsBody,
  type SecurityPolicy,
  type SecurityQuestionKey,
  type SecurityQuestions,
} from '@formloop/contracts';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import { badField, unauthenticated } from '../../platform/http/errors.ts';
import { hashPassword, identityRepo } from '../identity/index.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import * as repo from './profile.repository.ts';
import type { ProfileDeps } from './profile.service.ts';

/**
 * Answers are compared later the way people remember them, not the way they typed them once:
 * case, surrounding spaces and runs of spaces do not count. NFKC folds full-width and composed forms.
 */
export const normaliseAnswer = (answer: string) =>
  answer.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLocaleLowerCase('en');

const isQuestionKey = (key: string): key is SecurityQuestionKey =>
  (SECURITY_QUESTION_KEYS as readonly string[]).includes(key);

/** policy, policy/securityquestions and policy/securityquestions/save. */
export function createSecurityQuestionsService({ db }: Pick<ProfileDeps, 'db'>) {
  return {
    async policy(ctx: CallContext): Promise<SecurityPolicy> {
      return db.inTenant(ctx.tenantId, (tx) => repo.findPolicy(tx, ctx.tenantId));
    },

    async list(ctx: CallContext, auth: RequestAuth): Promise<SecurityQuestions> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const policy = await repo.findPolicy(tx, ctx.tenantId);
        const answered = await repo.listAnsweredKeys(tx, ctx.tenantId, auth.userId);
        return {
          required: policy.securityQuestionsRequired,
          questions: SECURITY_QUESTION_KEYS.map((key) => ({ key })),
          // A question retired from the catalogue is no longer offered, so it is not reported either.
          answered: answered.filter(isQuestionKey),
        };
      });
    },

    /** Stores exactly the policy's number of answers, hashed, replacing any earlier set. */
    async save(ctx: CallContext, auth: RequestAuth, body: SaveSecurityQuestionsBody): Promise<void> {
      // Hash before the transaction: argon2 takes ~20 ms an answer and needs no lock.
      const hashed = await Promise.all(
        body.answers.map(async ({ questionKey, answer }) => ({
          questionKey,
          answerHash: await hashPassword(normaliseAnswer(answer)),
        })),
      );
      await db.inTenant(ctx.tenantId, async (tx) => {
        const user = await identityRepo.lockUser(tx, ctx.tenantId, auth.userId);
        if (!user) throw unauthenticated();
        const policy = await repo.findPolicy(tx, ctx.tenantId);
        if (hashed.length !== policy.securityQuestionsRequired) {
          throw badField('answers', msg('profile.answerCount', { count: policy.securityQuestionsRequired }));
        }
        const before = await repo.listAnsweredKeys(tx, ctx.tenantId, user.id);
        await repo.replaceAnswers(tx, ctx.tenantId, user.id, hashed);
        await appendAudit(tx, {
          tenantId: ctx.tenantId,
          userId: user.id,
          entity: 'user',
          entityId: user.id,
          action: 'security-questions-saved',
          // Which questions, never the answers.
          before: { question_keys: before },
          after: { question_keys: hashed.map((answer) => answer.questionKey) },
          requestId: ctx.requestId,
        });
      });
    },
  };
}
