import type { FilterOperator, Language } from '@formloop/domain';

// The words an exported report prints around its data (its heading with the filters, the totals
// rows), in the six languages of the web app: the file leaves the app, so the server writes them in
// the language the viewer asked for.

export interface ExportTexts {
  filters: string;
  noFilters: string;
  exported: string;
  total: string;
  subtotal: string;
  empty: string;
  firstRows: (n: number) => string;
  operators: Record<FilterOperator, string>;
  /** Words joining several values of one filter (any / all of them). */
  or: string;
  and: string;
}

const en: ExportTexts = {
  filters: 'Filters',
  noFilters: 'No filters',
  exported: 'Exported',
  total: 'Total',
  subtotal: 'Subtotal',
  empty: '(empty)',
  firstRows: (n) => `The first ${n} rows`,
  or: 'or',
  and: 'and',
  operators: {
    eq: '=',
    neq: '≠',
    isnull: 'has no value',
    isnotnull: 'has a value',
    lt: '<',
    lte: '≤',
    gt: '>',
    gte: '≥',
    startswith: 'starts with',
    endswith: 'ends with',
    contains: 'contains',
    doesnotcontain: 'does not contain',
    minlength: 'length at least',
    maxlength: 'length at most',
    partof: 'is part of',
    notpartof: 'is not part of',
    isempty: 'is empty',
    isnotempty: 'is not empty',
    isin: 'is one of',
  },
};

const de: ExportTexts = {
  filters: 'Filter',
  noFilters: 'Keine Filter',
  exported: 'Exportiert',
  total: 'Gesamt',
  subtotal: 'Zwischensumme',
  empty: '(leer)',
  firstRows: (n) => `Die ersten ${n} Zeilen`,
  or: 'oder',
  and: 'und',
  operators: {
    eq: '=',
    neq: '≠',
    isnull: 'hat keinen Wert',
    isnotnull: 'hat einen Wert',
    lt: '<',
    lte: '≤',
    gt: '>',
    gte: '≥',
    startswith: 'beginnt mit',
    endswith: 'endet mit',
    contains: 'enthält',
    doesnotcontain: 'enthält nicht',
    minlength: 'Länge mindestens',
    maxlength: 'Länge höchstens',
    partof: 'ist Teil von',
    notpartof: 'ist nicht Teil von',
    isempty: 'ist leer',
    isnotempty: 'ist nicht leer',
    isin: 'ist eines von',
  },
};

const es: ExportTexts = {
  filters: 'Filtros',
  noFilters: 'Sin filtros',
  exported: 'Exportado',
  total: 'Total',
  subtotal: 'Subtotal',
  empty: '(vacío)',
  firstRows: (n) => `Las primeras ${n} filas`,
  or: 'o',
  and: 'y',
  operators: {
    eq: '=',
    neq: '≠',
    isnull: 'no tiene valor',
    isnotnull: 'tiene un valor',
    lt: '<',
    lte: '≤',
    gt: '>',
    gte: '≥',
    startswith: 'empieza por',
    endswith: 'termina en',
    contains: 'contiene',
    doesnotcontain: 'no contiene',
    minlength: 'longitud mínima',
    maxlength: 'longitud máxima',
    partof: 'forma parte de',
    notpartof: 'no forma parte de',
    isempty: 'está vacío',
    isnotempty: 'no está vacío',
    isin: 'es uno de',
  },
};

const fr: ExportTexts = {
  filters: 'Filtres',
  noFilters: 'Aucun filtre',
  exported: 'Exporté',
  total: 'Total',
  subtotal: 'Sous-total',
  empty: '(vide)',
  firstRows: (n) => `Les ${n} premières lignes`,
  or: 'ou',
  and: 'et',
  operators: {
    eq: '=',
    neq: '≠',
    isnull: "n'a pas de valeur",
    isnotnull: 'a une valeur',
    lt: '<',
    lte: '≤',
    gt: '>',
    gte: '≥',
    startswith: 'commence par',
    endswith: 'se termine par',
    contains: 'contient',
    doesnotcontain: 'ne contient pas',
    minlength: 'longueur minimale',
    maxlength: 'longueur maximale',
    partof: 'fait partie de',
    notpartof: 'ne fait pas partie de',
    isempty: 'est vide',
    isnotempty: "n'est pas vide",
    isin: "est l'un de",
  },
};

const ja: ExportTexts = {
  filters: 'フィルター',
  noFilters: 'フィルターなし',
  exported: 'エクスポート日時',
  total: '合計',
  subtotal: '小計',
  empty: '（空）',
  firstRows: (n) => `最初の ${n} 行`,
  or: 'または',
  and: 'かつ',
  operators: {
    eq: '=',
    neq: '≠',
    isnull: '値なし',
    isnotnull: '値あり',
    lt: '<',
    lte: '≤',
    gt: '>',
    gte: '≥',
    startswith: 'で始まる',
    endswith: 'で終わる',
    contains: 'を含む',
    doesnotcontain: 'を含まない',
    minlength: '最小文字数',
    maxlength: '最大文字数',
    partof: 'に含まれる',
    notpartof: 'に含まれない',
    isempty: '空',
    isnotempty: '空ではない',
    isin: 'のいずれか',
  },
};

const zh: ExportTexts = {
  filters: '筛选条件',
  noFilters: '无筛选条件',
  exported: '导出时间',
  total: '合计',
  subtotal: '小计',
  empty: '（空）',
  firstRows: (n) => `前 ${n} 行`,
  or: '或',
  and: '且',
  operators: {
    eq: '=',
    neq: '≠',
    isnull: '无值',
    isnotnull: '有值',
    lt: '<',
    lte: '≤',
    gt: '>',
    gte: '≥',
    startswith: '开头为',
    endswith: '结尾为',
    contains: '包含',
    doesnotcontain: '不包含',
    minlength: '长度至少',
    maxlength: '长度至多',
    partof: '属于',
    notpartof: '不属于',
    isempty: '为空',
    isnotempty: '不为空',
    isin: '为其中之一',
  },
};

export const EXPORT_TEXTS: Readonly<Record<Language, ExportTexts>> = { en, de, es, fr, ja, zh };
