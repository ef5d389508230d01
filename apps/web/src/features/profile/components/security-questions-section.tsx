import {
  SECURITY_ANSWER_MAX_LENGTH,
  SECURITY_QUESTION_KEYS,
  type SecurityQuestionKey,
} from '@formloop/contracts';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { domainRule } from '../../auth/index.ts';
import { useSaveSecurityQuestions, useSecurityQuestions } from '../api.ts';
import { failureText, showFieldErrors, useProfileMessage } from '../messages.ts';
import { requiredMessage } from '../validation.ts';
import { ProfileSection } from './profile-section.tsx';

interface AnswerRow {
  questionKey?: SecurityQuestionKey;
  answer?: string;
}
interface QuestionValues {
  answers: AnswerRow[];
}

/** Choose the policy's number of distinct questions and answer each; saving replaces earlier answers. */
export function SecurityQuestionsSection() {
  const { t } = useTranslation('profile');
  const translate = useProfileMessage();
  const toast = useToast();
  const questions = useSecurityQuestions();
  const save = useSaveSecurityQuestions();
  const [form] = Form.useForm<QuestionValues>();
  const chosen = Form.useWatch('answers', form) ?? [];

  const required = questions.data?.required ?? 0;
  const offered = questions.data?.questions.map((question) => question.key) ?? [...SECURITY_QUESTION_KEYS];

  const submit = ({ answers }: QuestionValues) =>
    save.mutate(
      {
        answers: answers.map((row) => ({ questionKey: row.questionKey!, answer: (row.answer ?? '').trim() })),
      },
      {
        onSuccess: (response) => {
          form.resetFields();
          toast.success(translate(response.message) || t('messages.securityQuestionsSaved'));
        },
        onError: (error) => {
          if (!showFieldErrors(form, error, translate, ['answers']))
            toast.error(failureText(error, translate, t('saveFailed')));
        },
      },
    );

  const rows = Array.from({ length: required }, (_, index) => index);
  return (
    <ProfileSection title={t('questions.title')} testId="profile-security-questions">
      {questions.isPending ? <Skeleton active /> : null}
      {questions.isError ? <Alert type="error" showIcon title={t('questions.loadFailed')} /> : null}
      {questions.data ? (
        <>
          <p style={{ marginTop: 0 }}>{t('questions.description', { count: required })}</p>
          {questions.data.answered.length > 0 ? (
            <Alert type="info" showIcon title={t('questions.answered')} style={{ marginBottom: 16 }} />
          ) : null}
          <Form<QuestionValues> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            {rows.map((index) => {
              // Each question once: a question chosen in another row is not offered here.
              const takenElsewhere = new Set(
                chosen.filter((_, other) => other !== index).map((row) => row?.questionKey),
              );
              return (
                <div key={index} data-testid={`security-question-${index}`}>
                  <Form.Item
                    name={['answers', index, 'questionKey']}
                    label={t('questions.question', { number: index + 1 })}
                    rules={[domainRule(requiredMessage, translate)]}
                  >
                    <Select
                      placeholder={t('questions.pick')}
                      options={offered.map((key) => ({
                        value: key,
                        label: t(`questions.catalogue.${key}`),
                        disabled: takenElsewhere.has(key),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name={['answers', index, 'answer']}
                    label={t('questions.answer', { number: index + 1 })}
                    rules={[domainRule(requiredMessage, translate)]}
                  >
                    <Input maxLength={SECURITY_ANSWER_MAX_LENGTH} autoComplete="off" />
                  </Form.Item>
                </div>
              );
            })}
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Form>
        </>
      ) : null}
    </ProfileSection>
  );
}
