import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import path from 'node:path';

// pdfmake set up once per process for every PDF the server writes (report exports, printed
// records): Roboto from the package, plus a font holding Chinese and Japanese when the machine has
// one. Nothing is fetched and no other file is read, so no text of a document can name an image
// URL or a path (data: images that the caller puts in the definition itself are allowed).

/** A font file, or a collection (.ttc) with the name of the face to use from it. */
type FontSource = string | [string, string];

export interface PdfMake {
  setFonts(fonts: Record<string, Record<string, FontSource>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (file: string) => boolean): void;
  createPdf(definition: object): { getBuffer(): Promise<Buffer> };
}

const require = createRequire(import.meta.url);
let pdfmake: PdfMake | null = null;
let cjkFont: [string, string] | null = null;

/** Fonts on the machine that hold Chinese and Japanese (Roboto does not); null when none is installed. */
const CJK_FONTS: Array<[string, string]> = [
  ['/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', 'WenQuanYiZenHei'],
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'NotoSansCJKjp-Regular'],
];

/** The configured pdfmake (fonts and access policies set on first use). */
export function loadPdfMake(): PdfMake {
  if (pdfmake) return pdfmake;
  const maker = require('pdfmake') as PdfMake;
  const robotoDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  const roboto = {
    normal: path.join(robotoDir, 'Roboto-Regular.ttf'),
    bold: path.join(robotoDir, 'Roboto-Medium.ttf'),
    italics: path.join(robotoDir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(robotoDir, 'Roboto-MediumItalic.ttf'),
  };
  const fonts: Record<string, Record<string, FontSource>> = { Roboto: roboto };
  cjkFont = CJK_FONTS.find(([file]) => existsSync(file)) ?? null;
  if (cjkFont) fonts.Cjk = { normal: cjkFont, bold: cjkFont, italics: cjkFont, bolditalics: cjkFont };
  const allowed = new Set(
    Object.values(fonts).flatMap((font) =>
      Object.values(font).map((source) => (Array.isArray(source) ? source[0] : source)),
    ),
  );
  maker.setFonts(fonts);
  maker.setUrlAccessPolicy(() => false);
  maker.setLocalAccessPolicy((file) => allowed.has(file));
  pdfmake = maker;
  return maker;
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]/;

/**
 * The font for a document holding this text: the CJK font when the text has Chinese, Japanese or
 * Korean characters and the machine has the font (it holds Latin too), Roboto otherwise.
 */
export function pdfFontFor(text: string): 'Cjk' | 'Roboto' {
  loadPdfMake();
  return cjkFont && CJK.test(text) ? 'Cjk' : 'Roboto';
}
