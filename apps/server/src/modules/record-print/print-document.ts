import type { Language } from '@formloop/domain';
import type { PrintTexts } from './print-texts.ts';
import type { PrintedSection, PrintedValue } from './print-values.ts';

// A printed record as a pdfmake document definition (pure): the app's name, the entry's id and
// status with who made it and when, each section's fields as label and value (tables as tables),
// the workflow history (step, who, action, when, comment) and the comments (who, when, text);
// "Printed by … on …" and the page number at the foot of every page.

export interface PrintedHistoryEntry {
  step: string;
  by: string;
  action: string;
  when: string;
  comment: string;
}

export interface PrintedComment {
  by: string;
  when: string;
  text: string;
}

export interface PrintModel {
  language: Language;
  appName: string;
  recordId: string;
  status: string;
  createdBy: string;
  createdOn: string;
  modifiedOn: string;
  sections: PrintedSection[];
  history: PrintedHistoryEntry[];
  comments: PrintedComment[];
  /** Said above the comments when the printout holds only the newest. */
  commentsNote: string | null;
  printedBy: string;
}

const MUTED = '#595959';
const RULE = '#d9d9d9';
const HEADER_FILL = '#f0f0f0';

/** Thin rules between rows, none between columns. */
const ROWS_LAYOUT = {
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
    i === 0 || i === node.table.body.length ? 0 : 0.5,
  vLineWidth: () => 0,
  hLineColor: () => RULE,
  paddingLeft: (i: number) => (i === 0 ? 0 : 6),
  paddingRight: () => 4,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

/** A grid with a shaded header row (tables of the form, the workflow history). */
const GRID_LAYOUT = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => RULE,
  vLineColor: () => RULE,
  fillColor: (row: number) => (row === 0 ? HEADER_FILL : null),
  paddingLeft: () => 4,
  paddingRight: () => 4,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

function valueCell(value: PrintedValue, pictures: boolean): object {
  if (value.image && pictures) return { image: value.image, fit: [180, 60] };
  return { text: value.text };
}

const heading = (text: string) => ({ text, style: 'section' });
const note = (text: string) => ({ text, style: 'note' });

function sectionContent(section: PrintedSection, texts: PrintTexts, pictures: boolean): object[] {
  if (section.kind === 'fields') {
    return [
      heading(section.title),
      {
        table: {
          widths: ['35%', '*'],
          body: section.fields.map((field) => [
            { text: field.label, style: 'label' },
            valueCell(field.value, pictures),
          ]),
        },
        layout: ROWS_LAYOUT,
      },
    ];
  }
  const header = section.columns.map((label) => ({ text: label, bold: true }));
  const empty = [
    { text: texts.noRows, colSpan: section.columns.length, style: 'note' },
    ...section.columns.slice(1).map(() => ({})),
  ];
  return [
    heading(section.title),
    {
      table: {
        headerRows: 1,
        widths: section.columns.map(() => '*'),
        body: [
          header,
          ...(section.rows.length > 0
            ? section.rows.map((row) => row.map((value) => valueCell(value, pictures)))
            : [empty]),
        ],
      },
      layout: GRID_LAYOUT,
    },
  ];
}

function historyContent(model: PrintModel, texts: PrintTexts): object[] {
  if (model.history.length === 0) return [heading(texts.workflowHistory), note(texts.noHistory)];
  const header = [texts.step, texts.by, texts.action, texts.when, texts.comment].map((text) => ({
    text,
    bold: true,
  }));
  return [
    heading(texts.workflowHistory),
    {
      table: {
        headerRows: 1,
        widths: ['18%', '16%', '18%', 'auto', '*'],
        body: [
          header,
          ...model.history.map((entry) =>
            [entry.step, entry.by, entry.action, entry.when, entry.comment].map((text) => ({
              text,
            })),
          ),
        ],
      },
      layout: GRID_LAYOUT,
    },
  ];
}

function commentsContent(model: PrintModel, texts: PrintTexts): object[] {
  if (model.comments.length === 0) return [heading(texts.comments), note(texts.noComments)];
  return [
    heading(texts.comments),
    ...(model.commentsNote ? [note(model.commentsNote)] : []),
    ...model.comments.map((comment) => ({
      unbreakable: comment.text.length < 1500,
      margin: [0, 0, 0, 6],
      stack: [
        {
          text: [
            { text: comment.by, bold: true },
            { text: `   ${comment.when}`, color: MUTED },
          ],
        },
        { text: comment.text },
      ],
    })),
  ];
}

/** Every text of the document, to choose its font (CJK or not). */
export function textOf(model: PrintModel, texts: PrintTexts): string {
  const values = model.sections.flatMap((section) =>
    section.kind === 'fields'
      ? section.fields.flatMap((field) => [field.label, field.value.text])
      : [...section.columns, ...section.rows.flat().map((value) => value.text)],
  );
  return [
    model.appName,
    model.status,
    model.createdBy,
    model.printedBy,
    texts.workflowHistory,
    texts.comments,
    ...model.sections.map((section) => section.title),
    ...values,
    ...model.history.flatMap((entry) => Object.values(entry)),
    ...model.comments.flatMap((comment) => [comment.by, comment.text]),
  ].join(' ');
}

/** The pdfmake definition; without `pictures` a drawn signature prints as text only. */
export function printDocument(model: PrintModel, texts: PrintTexts, font: string, pictures = true): object {
  const facts: Array<[string, string]> = [
    [texts.entry, model.recordId],
    [texts.status, model.status],
    [texts.createdBy, model.createdBy],
    [texts.createdOn, model.createdOn],
    [texts.modifiedOn, model.modifiedOn],
  ];
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 48],
    language: model.language,
    info: { title: `${model.appName} - ${model.recordId}`, creator: 'Formloop' },
    defaultStyle: { font, fontSize: 9, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 6] },
      section: { fontSize: 12, bold: true, margin: [0, 14, 0, 4] },
      label: { bold: true, color: MUTED },
      note: { italics: true, color: MUTED },
    },
    footer: (page: number, pages: number) => ({
      margin: [40, 12, 40, 0],
      columns: [
        { text: model.printedBy, fontSize: 7, color: MUTED },
        { text: `${page} / ${pages}`, fontSize: 7, color: MUTED, alignment: 'right', width: 'auto' },
      ],
    }),
    content: [
      { text: model.appName, style: 'title' },
      {
        table: {
          widths: ['35%', '*'],
          body: facts.map(([label, value]) => [{ text: label, style: 'label' }, { text: value }]),
        },
        layout: ROWS_LAYOUT,
      },
      ...model.sections.flatMap((section) => sectionContent(section, texts, pictures)),
      ...historyContent(model, texts),
      ...commentsContent(model, texts),
    ],
  };
}
