import {
  appSettingsMessage,
  EMAIL_BODY_MAX_LENGTH,
  EMAIL_SUBJECT_MAX_LENGTH,
  type EmailTemplate,
} from '@formloop/contracts';
import { findUnknownPlaceholders, renderEmailTemplate } from '@formloop/domain';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import type { InputRef } from 'antd/es/input';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import Space from 'antd/es/space';
import theme from 'antd/es/theme';
import DOMPurify from 'dompurify';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/api/api-error.ts';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useUpdateEmailTemplate } from '../api.ts';
import { insertAt, type ToolbarPlaceholder } from '../lib/placeholders.ts';
import { failureText, useAppSettingsMessage } from '../messages.ts';
import { PlaceholderToolbar } from './placeholder-toolbar.tsx';

type Part = 'subject' | 'body';
type Errors = Partial<Record<Part, string>>;

interface Props {
  moduleId: string;
  template: EmailTemplate;
  placeholders: readonly ToolbarPlaceholder[];
  /** Values the preview fills in, by placeholder name. */
  samples: Readonly<Record<string, string>>;
}

/**
 * One event's template: subject and HTML body (empty = the default, shown as the placeholder text),
 * the placeholder toolbar, a live preview with sample values, and Save.
 */
export function EmailTemplateEditor({ moduleId, template, placeholders, samples }: Props) {
  const { t } = useTranslation('appSettings');
  const { token } = theme.useToken();
  const translate = useAppSettingsMessage();
  const toast = useToast();
  const save = useUpdateEmailTemplate(moduleId);
  const [subject, setSubject] = useState(template.custom_subject);
  const [body, setBody] = useState(template.custom_body);
  const [errors, setErrors] = useState<Errors>({});
  const subjectRef = useRef<InputRef>(null);
  const bodyRef = useRef<TextAreaRef>(null);
  // The toolbar inserts into whichever box had the focus last; the body until the subject is used.
  const target = useRef<Part>('body');

  const dirty = subject !== template.custom_subject || body !== template.custom_body;
  const names = useMemo(() => placeholders.map((p) => p.name), [placeholders]);

  const change = (part: Part, value: string) => {
    (part === 'subject' ? setSubject : setBody)(value);
    if (errors[part]) setErrors((current) => ({ ...current, [part]: undefined }));
  };

  const insert = (name: string) => {
    const part = target.current;
    const element =
      part === 'subject' ? subjectRef.current?.input : bodyRef.current?.resizableTextArea?.textArea;
    const value = part === 'subject' ? subject : body;
    const { text, caret } = insertAt(value, `{{${name}}}`, element?.selectionStart, element?.selectionEnd);
    change(part, text);
    // After React has written the new value: the caret goes right after the placeholder.
    setTimeout(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    }, 0);
  };

  const unknownMessage = (text: string): string | undefined => {
    const unknown = findUnknownPlaceholders(text, names);
    return unknown.length
      ? translate(appSettingsMessage('unknownPlaceholders', { names: unknown.join(', ') }))
      : undefined;
  };

  const submit = () => {
    const found: Errors = { subject: unknownMessage(subject), body: unknownMessage(body) };
    if (found.subject || found.body) return setErrors(found);
    save.mutate(
      { moduleId, event: template.event, subject, body },
      {
        onSuccess: (response) => {
          setSubject(response.data.custom_subject);
          setBody(response.data.custom_body);
          toast.success(translate(response.message || t('email.saved')));
        },
        onError: (error) => {
          const next: Errors = {};
          for (const entry of fieldErrorsOf(error)) {
            if (entry.field === 'subject' || entry.field === 'body') next[entry.field] = translate(entry);
          }
          setErrors(next);
          toast.error(failureText(error, translate, t('email.saveFailed')));
        },
      },
    );
  };

  const startFromDefault = () => {
    if (!subject.trim()) change('subject', template.default_subject);
    if (!body.trim()) change('body', template.default_body);
  };
  const useDefault = () => {
    change('subject', '');
    change('body', '');
  };

  const previewSubject = renderEmailTemplate(subject.trim() ? subject : template.default_subject, samples, {
    html: false,
    singleLine: true,
  });
  // Placeholders are filled escaped; the builder's own markup goes through DOMPurify before it is shown.
  const previewBody = DOMPurify.sanitize(
    renderEmailTemplate(body.trim() ? body : template.default_body, samples, { html: true }),
  );

  const subjectId = `email-${template.event}-subject`;
  const bodyId = `email-${template.event}-body`;
  return (
    <div style={{ display: 'grid', gap: token.marginSM }} data-testid={`email-editor-${template.event}`}>
      <PlaceholderToolbar placeholders={placeholders} onInsert={insert} disabled={save.isPending} />
      <Form layout="vertical" component="div" requiredMark={false}>
        <Form.Item
          label={t('email.subject')}
          htmlFor={subjectId}
          validateStatus={errors.subject ? 'error' : undefined}
          help={errors.subject}
        >
          <Input
            id={subjectId}
            ref={subjectRef}
            value={subject}
            maxLength={EMAIL_SUBJECT_MAX_LENGTH}
            placeholder={template.default_subject}
            onFocus={() => (target.current = 'subject')}
            onChange={(event) => change('subject', event.target.value.replace(/[\r\n]+/g, ' '))}
          />
        </Form.Item>
        <Form.Item
          label={t('email.body')}
          htmlFor={bodyId}
          extra={t('email.bodyHint')}
          validateStatus={errors.body ? 'error' : undefined}
          help={errors.body}
        >
          <TextArea
            id={bodyId}
            ref={bodyRef}
            value={body}
            rows={8}
            maxLength={EMAIL_BODY_MAX_LENGTH}
            placeholder={template.default_body}
            style={{ fontFamily: token.fontFamilyCode }}
            onFocus={() => (target.current = 'body')}
            onChange={(event) => change('body', event.target.value)}
          />
        </Form.Item>
      </Form>
      <Space wrap>
        <Button type="primary" onClick={submit} loading={save.isPending} disabled={!dirty}>
          {t('email.save')}
        </Button>
        <Button onClick={startFromDefault} disabled={Boolean(subject.trim() && body.trim())}>
          {t('email.editDefault')}
        </Button>
        <Button onClick={useDefault} disabled={!subject && !body}>
          {t('email.useDefault')}
        </Button>
      </Space>
      <section
        aria-label={t('email.preview')}
        style={{
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
          padding: token.padding,
          background: token.colorBgContainer,
        }}
      >
        <div style={{ color: token.colorTextSecondary, marginBottom: token.marginXS }}>
          {t('email.preview')}
        </div>
        <div style={{ fontWeight: 600, marginBottom: token.marginSM }} data-testid="preview-subject">
          {previewSubject}
        </div>
        <div data-testid="preview-body" dangerouslySetInnerHTML={{ __html: previewBody }} />
      </section>
    </div>
  );
}
