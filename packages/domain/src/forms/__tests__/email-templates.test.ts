import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_EVENTS, LANGUAGES } from '../../constants.ts';
import { LOCALISED_EMAIL_TEMPLATES } from '../email-templates-i18n.ts';
import {
  DEFAULT_EMAIL_TEMPLATES,
  defaultEmailTemplate,
  EMAIL_SYSTEM_FIELDS,
  effectiveEmailTemplate,
  escapeHtml,
  findUnknownPlaceholders,
  isEmailTemplateEvent,
  placeholdersIn,
  renderEmailTemplate,
  templateFields,
  templateValueText,
} from '../email-templates.ts';
import type { PayloadField, PayloadGroup } from '../form-model.ts';
import * as domain from '../../index.ts';

const field = (name: string, label: string, fieldType: PayloadField['fieldType'] = 'text') =>
  ({ id: name, name, label, fieldName: label, fieldType }) as PayloadField;

const group = (name: string, fields: PayloadField[], isTable = false) =>
  ({ name, displayName: name, isTable, fields }) as unknown as PayloadGroup;

describe('templateFields', () => {
  it('lists the app fields in form order, then the system fields', () => {
    const fields = templateFields([
      group('main', [field('customer', 'Customer'), field('amount', 'Amount', 'number')]),
      group('more', [field('due', 'Due date', 'date')]),
    ]);
    expect(fields.map((f) => f.name)).toEqual([
      'customer',
      'amount',
      'due',
      'record_id',
      'created_by',
      'created_at',
      'modified_at',
      'workflow_activity_name',
      'app_name',
      'task_link',
    ]);
    expect(fields[0]).toEqual({ name: 'customer', label: 'Customer', system: false });
    expect(fields.filter((f) => f.system)).toEqual(EMAIL_SYSTEM_FIELDS);
  });

  it('leaves out table groups, buttons, passwords and signatures, and repeats no name', () => {
    const fields = templateFields([
      group('main', [
        field('customer', 'Customer'),
        field('go', 'Go', 'button'),
        field('secret', 'Secret', 'password'),
        field('sign', 'Sign here', 'signature'),
        field('customer', 'Customer again'),
      ]),
      group('lines', [field('qty', 'Quantity', 'number')], true),
    ]);
    expect(fields.filter((f) => !f.system)).toEqual([{ name: 'customer', label: 'Customer', system: false }]);
  });

  it('falls back to the field name when a field has no label', () => {
    const [first] = templateFields([group('main', [field('code', '  ')])]);
    expect(first).toEqual({ name: 'code', label: 'code', system: false });
  });
});

describe('placeholders', () => {
  it('finds each placeholder once, spaces inside the braces allowed', () => {
    expect(placeholdersIn('{{a}} and {{ b }} and {{a}}, not {a} or { {c} }')).toEqual(['a', 'b']);
  });

  it('reports names that are not known, mistyped ones included', () => {
    const text = 'Dear {{customer}}, {{ unit-price }} {{amount}} {{Amount}} {{}} {{customer}}';
    expect(findUnknownPlaceholders(text, ['customer', 'amount'])).toEqual(['unit-price', 'Amount', '']);
    expect(findUnknownPlaceholders('no placeholders here', [])).toEqual([]);
  });
});

describe('renderEmailTemplate', () => {
  const values = {
    customer: '<b>Ann & "Bob"</b>',
    amount: 12.5,
    approved: true,
    tags: ['a', null, 'b'],
    owner: { id: 'u1', fullname: 'Ada Admin' },
    task_link: 'https://acme.example/tasks/1?x=1&y=2',
    note: 'line one\nline two',
  };

  it('escapes every value in an HTML body and never inserts it as markup', () => {
    const html = renderEmailTemplate('<p>{{customer}} owes {{amount}}</p>', values, { html: true });
    expect(html).toBe('<p>&lt;b&gt;Ann &amp; &quot;Bob&quot;&lt;/b&gt; owes 12.5</p>');
    expect(renderEmailTemplate('{{note}}', values, { html: true })).toBe('line one<br>line two');
  });

  it('turns an http(s) task link into a link, and anything else into text', () => {
    expect(renderEmailTemplate('{{task_link}}', values, { html: true })).toBe(
      '<a href="https://acme.example/tasks/1?x=1&amp;y=2">https://acme.example/tasks/1?x=1&amp;y=2</a>',
    );
    expect(renderEmailTemplate('{{task_link}}', { task_link: 'javascript:alert(1)' }, { html: true })).toBe(
      'javascript:alert(1)',
    );
  });

  it('inserts values as they are in text, on one line for subjects', () => {
    expect(renderEmailTemplate('{{customer}}: {{approved}}', values, { html: false })).toBe(
      '<b>Ann & "Bob"</b>: true',
    );
    expect(renderEmailTemplate('Re: {{note}}', values, { html: false, singleLine: true })).toBe(
      'Re: line one line two',
    );
  });

  it('renders lists, users and missing values', () => {
    expect(renderEmailTemplate('{{tags}}|{{owner}}|{{missing}}|{{ amount }}', values, { html: false })).toBe(
      'a, b|Ada Admin||12.5',
    );
  });

  it('keeps a $ in a value as it is', () => {
    expect(renderEmailTemplate('{{v}}', { v: "$& $1 $'" }, { html: false })).toBe("$& $1 $'");
  });
});

describe('templateValueText and escapeHtml', () => {
  it('formats values for mail', () => {
    expect(templateValueText(null)).toBe('');
    expect(templateValueText(undefined)).toBe('');
    expect(templateValueText(0)).toBe('0');
    expect(templateValueText(false)).toBe('false');
    expect(templateValueText(new Date('2024-05-01T10:00:00Z'))).toBe('2024-05-01T10:00:00.000Z');
    expect(templateValueText({ label: 'Red' })).toBe('Red');
    expect(templateValueText({ x: 1 })).toBe('{"x":1}');
  });

  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('default templates', () => {
  it('has a subject and an HTML body for every event, using only system placeholders', () => {
    const system = EMAIL_SYSTEM_FIELDS.map((f) => f.name);
    expect(Object.keys(DEFAULT_EMAIL_TEMPLATES).sort()).toEqual([...EMAIL_TEMPLATE_EVENTS].sort());
    for (const event of EMAIL_TEMPLATE_EVENTS) {
      const { subject, body } = DEFAULT_EMAIL_TEMPLATES[event];
      expect(subject.length).toBeGreaterThan(0);
      expect(subject.length).toBeLessThanOrEqual(200);
      expect(body.startsWith('<p>')).toBe(true);
      expect(findUnknownPlaceholders(subject + body, system)).toEqual([]);
    }
  });

  it('uses the stored subject and body, each falling back to the default when blank', () => {
    expect(effectiveEmailTemplate('submit', null)).toEqual(DEFAULT_EMAIL_TEMPLATES.submit);
    expect(effectiveEmailTemplate('approve', { subject: 'Yes', body: ' ' })).toEqual({
      subject: 'Yes',
      body: DEFAULT_EMAIL_TEMPLATES.approve.body,
    });
  });

  it('knows the events', () => {
    expect(isEmailTemplateEvent('sendback')).toBe(true);
    expect(isEmailTemplateEvent('send-back')).toBe(false);
    expect(isEmailTemplateEvent(1)).toBe(false);
  });

  it('is exported from the package', () => {
    expect(domain.renderEmailTemplate).toBe(renderEmailTemplate);
    expect(domain.templateFields).toBe(templateFields);
  });
});

describe('default templates in every language', () => {
  const others = LANGUAGES.filter((language) => language !== 'en');

  it('exist for every event and language, with the placeholders of the English one', () => {
    for (const language of others) {
      for (const event of EMAIL_TEMPLATE_EVENTS) {
        const english = DEFAULT_EMAIL_TEMPLATES[event];
        const localised = LOCALISED_EMAIL_TEMPLATES[language][event];
        expect(placeholdersIn(localised.subject).sort(), `${language} ${event} subject`).toEqual(
          placeholdersIn(english.subject).sort(),
        );
        expect(placeholdersIn(localised.body).sort(), `${language} ${event} body`).toEqual(
          placeholdersIn(english.body).sort(),
        );
        expect(localised.subject).not.toBe(english.subject);
        expect(localised.body).not.toBe(english.body);
      }
    }
  });

  it('are what effectiveEmailTemplate falls back to in that language, English by default', () => {
    expect(effectiveEmailTemplate('approve', null, 'fr')).toEqual(LOCALISED_EMAIL_TEMPLATES.fr.approve);
    expect(effectiveEmailTemplate('approve', null)).toEqual(DEFAULT_EMAIL_TEMPLATES.approve);
    expect(defaultEmailTemplate('submit', 'zh')).toBe(LOCALISED_EMAIL_TEMPLATES.zh.submit);
    // The app's own words win in every language; only an empty part falls back.
    expect(effectiveEmailTemplate('approve', { subject: 'Mine', body: '' }, 'ja')).toEqual({
      subject: 'Mine',
      body: LOCALISED_EMAIL_TEMPLATES.ja.approve.body,
    });
  });
});
