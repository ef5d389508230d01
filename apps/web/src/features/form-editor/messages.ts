import { type FormIssue } from '@formloop/contracts';
import { FORM_ISSUE_MESSAGES } from '@formloop/domain';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';
import { translateFormulaError } from '../form-renderer/index.ts';

export const FORM_EDITOR_NAMESPACE = 'formEditor';

/** A server message in the reader's language (APPS_MESSAGES through formEditor:server.<key>). */
export function useServerMessage(): (message: Translatable) => string {
  return useAreaMessageTranslator(FORM_EDITOR_NAMESPACE);
}

/** An issue's text: translated by its code where the editor knows the code, else as the server wrote it. */
export function issueText(t: TFunction, issue: FormIssue): string {
  if (!Object.hasOwn(FORM_ISSUE_MESSAGES, issue.code)) return issue.message;
  return t(`${FORM_EDITOR_NAMESPACE}:issues.${issue.code}`, { ...issue.params, defaultValue: issue.message });
}

/**
 * issueText, with the server's formula issues worded by the formula engine's code (params.formulaCode)
 * in the reader's language, as the formula box words them.
 */
export function useIssueText(): (issue: FormIssue) => string {
  const { t } = useTranslation(FORM_EDITOR_NAMESPACE);
  const { t: formulaT } = useTranslation('formRenderer');
  return useCallback(
    (issue: FormIssue) => {
      const code = issue.params?.formulaCode;
      if (issue.code !== 'formula' || typeof code !== 'string') return issueText(t, issue);
      const detail = translateFormulaError(formulaT, { code, params: issue.params ?? {} });
      return t('issues.formula', { detail });
    },
    [t, formulaT],
  );
}

/** The toast text of a failed save or publish, or null when the HTTP client already told the user. */
export function failureText(
  error: unknown,
  translate: (message: Translatable) => string,
  fallback: string,
): string | null {
  if (isApiError(error)) {
    if (error.status === 0 || error.status === 504 || error.status === 401) return null;
    return error.message.trim() ? translate(error) : fallback;
  }
  return fallback;
}
