// A chart's data as a table (WCAG 1.1.1: the text alternative of a chart), read from the ECharts
// option the shared wrapper draws. Pure and generic: categories from a category axis' data, one
// column per series; pie and funnel slices as name/value rows; dataset.source as it stands. A chart
// whose data is not a table of that kind (a gauge, a custom series, a graph) gives none.

/** Column headers (the first names the rows) and one row per category: its name, then one cell per column. */
export interface ChartTable {
  columns: string[];
  rows: (string | number | null)[][];
}

/** Headers for what the option leaves unnamed (an axis or series without a name), in the reader's language. */
export interface ChartTableLabels {
  category: string;
  value: string;
}

type Cell = string | number | null;
type Loose = Record<string, unknown>;

/** Series drawn on a category axis, one value per category. */
const AXIS_SERIES = new Set(['bar', 'line', 'scatter', 'effectScatter', 'pictorialBar']);
/** Series whose data items are named slices. */
const ITEM_SERIES = new Set(['pie', 'funnel']);

const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const list = (value: unknown): unknown[] => {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
};

const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
};

/** A number as a number; ECharts' '-' (no value), NaN and absent as null; other text as it is. */
function cell(value: unknown): Cell {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '' || trimmed === '-') return null;
    const number = Number(trimmed);
    return Number.isFinite(number) ? number : value;
  }
  return null;
}

/** A series data item's value: a number, { value }, or [x, y] (the value is on the value axis). */
function itemValue(item: unknown, valueIndex: number): Cell {
  const raw = isObject(item) ? item.value : item;
  if (Array.isArray(raw)) return cell(raw[valueIndex] ?? raw[raw.length - 1]);
  return cell(raw);
}

/** A category axis' label: a name or { value }. */
const categoryName = (item: unknown): string => text(isObject(item) ? item.value : item);

/** An axis drawn over categories: type 'category', or data given with no type (ECharts' xAxis default). */
function categoryAxis(axes: unknown, defaultCategory: boolean): Loose | undefined {
  return list(axes)
    .filter(isObject)
    .find((axis) =>
      axis.type === undefined ? defaultCategory && Array.isArray(axis.data) : axis.type === 'category',
    );
}

const seriesType = (series: Loose): string => text(series.type);

function fromAxes(option: Loose, series: Loose[], labels: ChartTableLabels): ChartTable | null {
  const onAxes = series.filter((one) => AXIS_SERIES.has(seriesType(one)) && Array.isArray(one.data));
  if (onAxes.length === 0) return null;
  const xCategory = categoryAxis(option.xAxis, true);
  const axis = xCategory ?? categoryAxis(option.yAxis, false);
  if (!axis || !Array.isArray(axis.data)) return null;
  // Horizontal bars put the categories on y: a pair [value, category] has its value first.
  const valueIndex = xCategory ? 1 : 0;
  const categories = axis.data.map(categoryName);
  if (categories.length === 0) return null;
  return {
    columns: [
      text(axis.name) || labels.category,
      ...onAxes.map((one, index) => text(one.name) || numbered(labels.value, index, onAxes.length)),
    ],
    rows: categories.map((category, row) => [
      category,
      ...onAxes.map((one) => itemValue((one.data as unknown[])[row], valueIndex)),
    ]),
  };
}

/** 'Value', or 'Value 2' when several unnamed series would share the header. */
const numbered = (label: string, index: number, count: number): string =>
  count > 1 ? `${label} ${index + 1}` : label;

function fromItems(series: Loose[], labels: ChartTableLabels): ChartTable | null {
  const sliced = series.filter((one) => ITEM_SERIES.has(seriesType(one)) && Array.isArray(one.data));
  if (sliced.length === 0) return null;
  // Several pies (a nested donut) share a row where their slices share a name.
  const rows = new Map<string, Cell[]>();
  sliced.forEach((one, column) => {
    (one.data as unknown[]).forEach((item, index) => {
      const name = (isObject(item) ? text(item.name) : '') || String(index + 1);
      const row = rows.get(name) ?? Array<Cell>(sliced.length).fill(null);
      row[column] = itemValue(item, 0);
      rows.set(name, row);
    });
  });
  if (rows.size === 0) return null;
  return {
    columns: [
      labels.category,
      ...sliced.map((one, index) => text(one.name) || numbered(labels.value, index, sliced.length)),
    ],
    rows: [...rows].map(([name, values]) => [name, ...values]),
  };
}

/** A dimension's name: a string or { name }. */
const dimensionName = (dimension: unknown): string =>
  isObject(dimension) ? text(dimension.name) : text(dimension);

/**
 * The header rows at the top of an array source. ECharts' own guess when sourceHeader is not said:
 * one when the first row's first value (that is not empty) is a text, none otherwise.
 */
function headerRows(sourceHeader: unknown, first: unknown[]): number {
  if (typeof sourceHeader === 'number') return Math.max(0, Math.floor(sourceHeader));
  if (typeof sourceHeader === 'boolean') return sourceHeader ? 1 : 0;
  const value = first.find((one) => one !== null && one !== undefined && one !== '-');
  return typeof value === 'string' ? 1 : 0;
}

function fromDataset(option: Loose, series: Loose[], labels: ChartTableLabels): ChartTable | null {
  // Series with data of their own are read from it (a dataset beside them is not what they draw).
  const tabular = series.some(
    (one) =>
      (AXIS_SERIES.has(seriesType(one)) || ITEM_SERIES.has(seriesType(one))) && !Array.isArray(one.data),
  );
  const dataset = list(option.dataset).find(isObject);
  if (!tabular || !dataset || !Array.isArray(dataset.source) || dataset.source.length === 0) return null;
  const source: unknown[] = dataset.source;
  const dimensions = Array.isArray(dataset.dimensions) ? dataset.dimensions.map(dimensionName) : undefined;

  // Rows as objects: the dimensions, or the first row's keys, are the columns.
  if (source.every(isObject)) {
    const keys = dimensions ?? Object.keys(source[0] as Loose);
    if (keys.length === 0) return null;
    return {
      columns: keys.map((key, index) => key || (index === 0 ? labels.category : labels.value)),
      rows: (source as Loose[]).map((row) =>
        keys.map((key, index) => (index === 0 ? text(row[key]) : cell(row[key]))),
      ),
    };
  }
  if (!source.every(Array.isArray)) return null;
  const arrays = source as unknown[][];
  const first = arrays[0] ?? [];
  const skipped = headerRows(dataset.sourceHeader, first);
  const body = arrays.slice(skipped);
  // Dimensions said name the columns; otherwise a single header row does (as ECharts reads it).
  const named = dimensions ?? (skipped === 1 ? first.map(text) : []);
  const width = Math.max(named.length, ...body.map((row) => row.length));
  if (width === 0 || body.length === 0) return null;
  return {
    columns: Array.from(
      { length: width },
      (_, index) =>
        named[index] || (index === 0 ? labels.category : numbered(labels.value, index - 1, width - 1)),
    ),
    rows: body.map((row) =>
      Array.from({ length: width }, (_, index) => (index === 0 ? text(row[0]) : cell(row[index]))),
    ),
  };
}

/** The option's data as a table, or null when it has none to give (a gauge, a custom chart, no data). */
export function chartTable(
  option: unknown,
  labels: ChartTableLabels = { category: 'Category', value: 'Value' },
): ChartTable | null {
  if (!isObject(option)) return null;
  const series = list(option.series).filter(isObject);
  return fromDataset(option, series, labels) ?? fromAxes(option, series, labels) ?? fromItems(series, labels);
}

/** The option's title (the first, when several), if it has one. */
export function chartTitle(option: unknown): string {
  if (!isObject(option)) return '';
  const title = list(option.title).find(isObject);
  return title ? text(title.text) : '';
}
