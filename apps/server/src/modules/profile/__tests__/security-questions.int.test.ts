import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, PROFILE_MESSAGES, SECURITY_QUESTION_KEYS, profileMessage } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { verifyPassword } from '../../identity/index.ts';
import { normaliseAnswer } from '../security-questions.service.ts';

let server: TestServer;
let quinnId: string;
let globexId: string;

beforeAll(async () => {
  server = await createTestServer();
  quinnId = await server.createUser('acme', { username: 'quinn', password: 'quinn-pass' });
  globexId = await server.createTenant('globex');
  await server.createUser('globex', { username: 'quinn', password: 'globex-pass' });
});
afterAll(() => server?.close());

const three = [
  { questionKey: 'firstPet', answer: '  Rex ' },
  { questionKey: 'birthCity', answer: 'Lisbon' },
  { questionKey: 'firstSchool', answer: 'St Mary' },
];

describe('policy', () => {
  it('returns the defaults until the tenant stores its own', async () => {
    const client = server.client('acme');
    await client.signIn('quinn', 'quinn-pass');
    const res = await client.get(API_PATHS.securityPolicy);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      passwordMinLength: 3,
      passwordMaxLength: 50,
      securityQuestionsRequired: 3,
    });

    await server.owner.query(
      `INSERT INTO security_policies (tenant_id, password_min_length, security_questions_required) VALUES ($1, 6, 2)`,
      [globexId],
    );
    const globex = server.client('globex');
    await globex.signIn('quinn', 'globex-pass');
    expect((await globex.get(API_PATHS.securityPolicy)).json().data).toEqual({
      passwordMinLength: 6,
      passwordMaxLength: 50,
      securityQuestionsRequired: 2,
    });
    // The tenant's stricter minimum applies to a new password.
    const short = await globex.post(API_PATHS.changePassword, {
      currentPassword: 'globex-pass',
      newPassword: 'abcde',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().data.errors).toMatchObject([
      { field: 'newPassword', message: 'Minimum 6 characters' },
    ]);
    // acme still has the defaults.
    expect((await client.get(API_PATHS.securityPolicy)).json().data.passwordMinLength).toBe(3);
  });
});

describe('security questions', () => {
  it('lists the catalogue and nothing answered, then saves hashed answers and reports them answered', async () => {
    const client = server.client('acme');
    await client.signIn('quinn', 'quinn-pass');
    const before = (await client.get(API_PATHS.securityQuestions)).json().data;
    expect(before).toEqual({
      required: 3,
      questions: SECURITY_QUESTION_KEYS.map((key) => ({ key })),
      answered: [],
    });

    const saved = await client.post(API_PATHS.saveSecurityQuestions, { answers: three });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(PROFILE_MESSAGES.securityQuestionsSaved);

    const after = (await client.get(API_PATHS.securityQuestions)).json().data;
    expect([...after.answered].sort()).toEqual(['birthCity', 'firstPet', 'firstSchool']);
    expect(JSON.stringify(after)).not.toMatch(/Rex|Lisbon/);

    const { rows } = await server.owner.query<{ question_key: string; answer_hash: string }>(
      `SELECT question_key, answer_hash FROM user_security_answers WHERE user_id = $1`,
      [quinnId],
    );
    expect(rows).toHaveLength(3);
    const pet = rows.find((row) => row.question_key === 'firstPet')!;
    expect(pet.answer_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(pet.answer_hash, normaliseAnswer('REX'))).toBe(true);

    const audit = await server.owner.query(
      `SELECT before, after FROM audit_log WHERE action = 'security-questions-saved' AND user_id = $1`,
      [quinnId],
    );
    expect(audit.rows).toEqual([
      { before: { question_keys: [] }, after: { question_keys: ['firstPet', 'birthCity', 'firstSchool'] } },
    ]);
    expect(JSON.stringify(audit.rows)).not.toContain('Rex');
  });

  it('replaces the earlier answers', async () => {
    const client = server.client('acme');
    await client.signIn('quinn', 'quinn-pass');
    const next = [
      { questionKey: 'firstCar', answer: 'Beetle' },
      { questionKey: 'firstPet', answer: 'Rex' },
      { questionKey: 'childhoodStreet', answer: 'Elm' },
    ];
    expect((await client.post(API_PATHS.saveSecurityQuestions, { answers: next })).statusCode).toBe(200);
    const answered = (await client.get(API_PATHS.securityQuestions)).json().data.answered;
    expect([...answered].sort()).toEqual(['childhoodStreet', 'firstCar', 'firstPet']);
  });

  it('rejects bad answers with 400 and says why', async () => {
    const client = server.client('acme');
    await client.signIn('quinn', 'quinn-pass');
    const post = (answers: unknown) => client.post(API_PATHS.saveSecurityQuestions, { answers });
    const expectError = async (answers: unknown, field: string, message: string) => {
      const res = await post(answers);
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json().data.errors).toContainEqual(expect.objectContaining({ field, message }));
    };
    await expectError(three.slice(0, 2), 'answers', profileMessage('answerCount', { count: 3 }));
    await expectError(
      [...three, { questionKey: 'firstCar', answer: 'x' }],
      'answers',
      profileMessage('answerCount', { count: 3 }),
    );
    await expectError([three[0], three[0], three[1]], 'answers', PROFILE_MESSAGES.duplicateQuestion);
    await expectError(
      [{ ...three[0], answer: '   ' }, three[1], three[2]],
      'answers.0.answer',
      MESSAGES.required,
    );
    await expectError(
      [{ ...three[0], answer: 'a'.repeat(101) }, three[1], three[2]],
      'answers.0.answer',
      MESSAGES.cannotExceed(100),
    );
    await expectError(
      [{ questionKey: 'favouriteColour', answer: 'blue' }, three[1], three[2]],
      'answers.0.questionKey',
      PROFILE_MESSAGES.unknownQuestion,
    );
    // Nothing of the failed attempts was stored.
    const answered = (await client.get(API_PATHS.securityQuestions)).json().data.answered;
    expect(answered).toHaveLength(3);
    expect(answered).not.toContain('favouriteTeacher');
  });

  it('accepts the token in an access_token header', async () => {
    const client = server.client('acme');
    const { token } = await client.signIn('quinn', 'quinn-pass');
    const bare = server.client('acme');
    const res = await bare.post(API_PATHS.saveSecurityQuestions, { answers: three }, { access_token: token });
    expect(res.statusCode).toBe(200);
    expect(
      (await bare.post(API_PATHS.saveSecurityQuestions, { answers: three }, { access_token: 'nonsense' }))
        .statusCode,
    ).toBe(401);
  });

  it('keeps each tenant’s answers invisible to the others, even to direct SQL as the app role', async () => {
    const globex = server.client('globex');
    await globex.signIn('quinn', 'globex-pass');
    expect((await globex.get(API_PATHS.securityQuestions)).json().data.answered).toEqual([]);

    const app = new pg.Client({ connectionString: server.appRoleUrl });
    await app.connect();
    try {
      await app.query('BEGIN');
      await app.query(`SELECT set_config('app.tenant_id', $1, true)`, [globexId]);
      const { rows } = await app.query(`SELECT count(*)::int AS n FROM user_security_answers`);
      expect(rows[0].n).toBe(0);
      await app.query('ROLLBACK');
    } finally {
      await app.end();
    }
  });
});
