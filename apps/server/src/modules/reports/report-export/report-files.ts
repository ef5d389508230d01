import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { loadPdfMake, pdfFontFor } from '../../../platform/pdf/pdf-maker.ts';
import type { ReportSheet } from './report-sheet.ts';

// A report's sheet as a file: CSV (UTF-8 with a byte order mark), XLSX (exceljs; subtotal and total
// rows bold) and PDF (pdfmake: the table's header row repeats on every page, portrait or landscape).

export const REPORT_FILE_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;
export type ReportFileFormat = keyof typeof REPORT_FILE_TYPES;

export function csvOf(sheet: ReportSheet): Buffer {
  const lines = [...sheet.heading.map((line) => [line]), [], sheet.header, ...sheet.rows];
  return Buffer.from(`\ufeff${stringify(lines)}`, 'utf8');
}

/** A worksheet name: at most 31 characters, none of []:*?/\ */
export const sheetNameOf = (name: string) =>
  name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Report';

export async function xlsxOf(sheet: ReportSheet, name: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const worksheet = workbook.addWorksheet(sheetNameOf(name));
  for (const line of sheet.heading) worksheet.addRow([line]);
  worksheet.getRow(1).font = { bold: true, size: 13 };
  worksheet.addRow([]);
  const header = worksheet.addRow(sheet.header);
  header.font = { bold: true };
  sheet.rows.forEach((cells, i) => {
    const row = worksheet.addRow(cells);
    if (sheet.kinds[i] !== 'row') row.font = { bold: true };
  });
  sheet.header.forEach((label, i) => {
    worksheet.getColumn(i + 1).width = Math.min(40, Math.max(10, label.length + 2));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const pdfCell = (value: unknown, bold = false) => ({
  text: value === null || value === undefined ? '' : String(value),
  bold,
});

export async function pdfOf(sheet: ReportSheet, landscape: boolean): Promise<Buffer> {
  const maker = loadPdfMake();
  const everything = [...sheet.heading, ...sheet.header, ...sheet.rows.flat().map(String)].join(' ');
  const font = pdfFontFor(everything);
  const widths = sheet.header.map(() => '*');
  const body = [
    sheet.header.map((label) => pdfCell(label, true)),
    ...sheet.rows.map((cells, i) => cells.map((cell) => pdfCell(cell, sheet.kinds[i] !== 'row'))),
  ];
  const definition = {
    pageSize: 'A4',
    pageOrientation: landscape ? 'landscape' : 'portrait',
    pageMargins: [28, 28, 28, 36],
    defaultStyle: { font, fontSize: 8 },
    footer: (page: number, pages: number) => ({
      text: `${page} / ${pages}`,
      alignment: 'center',
      fontSize: 7,
    }),
    content: [
      { text: sheet.heading[0] ?? '', fontSize: 13, bold: true, margin: [0, 0, 0, 4] },
      ...sheet.heading.slice(1).map((line) => ({ text: line, fontSize: 8, margin: [0, 0, 0, 2] })),
      {
        margin: [0, 8, 0, 0],
        // headerRows: the header row is printed again at the top of every page the table runs onto.
        table: {
          headerRows: 1,
          widths,
          body: body.length > 1 ? body : [...body, sheet.header.map(() => pdfCell(''))],
        },
        layout: 'lightHorizontalLines',
      },
    ],
  };
  return maker.createPdf(definition).getBuffer();
}
