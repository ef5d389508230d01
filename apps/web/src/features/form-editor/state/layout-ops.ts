// Pure operations on the editor layout (sections → rows → cells on the 12-column grid). Every
// operation returns a new layout and leaves the one it was given untouched, so undo can keep it.
import {
  GRID_COLUMNS,
  isEmptyCell,
  type FormField,
  type FormLayout,
  type LayoutCell,
  type LayoutRow,
  type LayoutSection,
} from '@formloop/domain';
import type { DropTarget, NudgeDirection } from './editor-types.ts';

export interface CellPosition {
  sectionIndex: number;
  rowIndex: number;
  cellIndex: number;
  section: LayoutSection;
  row: LayoutRow;
  cell: LayoutCell;
}

export function findCell(layout: FormLayout, id: string): CellPosition | null {
  for (const [sectionIndex, section] of layout.sections.entries()) {
    for (const [rowIndex, row] of section.rows.entries()) {
      const cellIndex = row.cells.findIndex((cell) => cell.id === id);
      if (cellIndex >= 0) {
        return { sectionIndex, rowIndex, cellIndex, section, row, cell: row.cells[cellIndex] as LayoutCell };
      }
    }
  }
  return null;
}

export function findField(layout: FormLayout, id: string): FormField | null {
  const cell = findCell(layout, id)?.cell;
  return cell && !isEmptyCell(cell) ? cell : null;
}

/** Every field with its section, in form order. */
export function allFields(layout: FormLayout): { field: FormField; section: LayoutSection }[] {
  return layout.sections.flatMap((section) =>
    section.rows.flatMap((row) =>
      row.cells.flatMap((cell) => (isEmptyCell(cell) ? [] : [{ field: cell, section }])),
    ),
  );
}

/** The machine names in use, optionally leaving one field out (the one being renamed). */
export function fieldNames(layout: FormLayout, exceptId?: string): Set<string> {
  return new Set(
    allFields(layout)
      .filter(({ field }) => field.id !== exceptId)
      .map(({ field }) => field.name),
  );
}

export const rowWidth = (row: LayoutRow): number =>
  row.cells.reduce((sum, cell) => sum + cell.columnWidth, 0);

export const clampWidth = (width: number): number =>
  Math.min(GRID_COLUMNS, Math.max(1, Math.round(Number.isFinite(width) ? width : 1)));

/**
 * Puts a section back in shape: a table holds one row of fields (no gaps); other sections drop
 * empty rows and wrap a row that grew past 12 columns, the overflowing cells moving to new rows below.
 */
export function normalizeSection(section: LayoutSection, newId: () => string): LayoutSection {
  if (section.isTable) {
    const cells = section.rows.flatMap((row) => row.cells.filter((cell) => !isEmptyCell(cell)));
    const first = section.rows[0];
    const rows = cells.length === 0 ? [] : [{ id: first?.id ?? newId(), cells }];
    return { ...section, rows };
  }
  let changed = false;
  const rows: LayoutRow[] = [];
  for (const row of section.rows) {
    if (row.cells.length === 0) {
      changed = true;
      continue;
    }
    if (rowWidth(row) <= GRID_COLUMNS) {
      rows.push(row);
      continue;
    }
    changed = true;
    let current: LayoutRow = { id: row.id, cells: [] };
    let width = 0;
    for (const cell of row.cells) {
      if (width + cell.columnWidth > GRID_COLUMNS && current.cells.length > 0) {
        rows.push(current);
        current = { id: newId(), cells: [] };
        width = 0;
      }
      current.cells.push(cell);
      width += cell.columnWidth;
    }
    rows.push(current);
  }
  return changed ? { ...section, rows } : section;
}

export function mapSection(
  layout: FormLayout,
  sectionId: string,
  update: (section: LayoutSection) => LayoutSection,
): FormLayout {
  return {
    ...layout,
    sections: layout.sections.map((section) => (section.id === sectionId ? update(section) : section)),
  };
}

/** Replaces one cell (found by id) wherever it sits. */
export function mapCell(
  layout: FormLayout,
  id: string,
  update: (cell: LayoutCell) => LayoutCell,
): FormLayout {
  const at = findCell(layout, id);
  if (!at) return layout;
  return mapSection(layout, at.section.id, (section) => ({
    ...section,
    rows: section.rows.map((row) =>
      row.id === at.row.id
        ? { ...row, cells: row.cells.map((cell) => (cell.id === id ? update(cell) : cell)) }
        : row,
    ),
  }));
}

/** Takes a cell out without tidying, so row indexes stay valid for an insert that follows. */
export function detachCell(
  layout: FormLayout,
  id: string,
): { layout: FormLayout; from: CellPosition } | null {
  const from = findCell(layout, id);
  if (!from) return null;
  const next = mapSection(layout, from.section.id, (section) => ({
    ...section,
    rows: section.rows.map((row) =>
      row.id === from.row.id ? { ...row, cells: row.cells.filter((cell) => cell.id !== id) } : row,
    ),
  }));
  return { layout: next, from };
}

/** Places a cell at a drop target and tidies that section. An unknown target leaves the layout alone. */
export function insertCell(
  layout: FormLayout,
  cell: LayoutCell,
  target: DropTarget,
  newId: () => string,
): FormLayout {
  const section = layout.sections.find((candidate) => candidate.id === target.sectionId);
  if (!section) return layout;
  if (section.isTable && isEmptyCell(cell)) return layout;
  const rows = [...section.rows];
  const appendToLast = () => {
    const last = rows[rows.length - 1];
    if (last && (section.isTable || rowWidth(last) + cell.columnWidth <= GRID_COLUMNS)) {
      rows[rows.length - 1] = { ...last, cells: [...last.cells, cell] };
    } else {
      rows.push({ id: newId(), cells: [cell] });
    }
  };
  if (target.place === 'row') {
    const rowIndex = rows.findIndex((row) => row.id === target.rowId);
    const row = rows[rowIndex];
    if (!row) {
      appendToLast();
    } else {
      const cells = [...row.cells];
      cells.splice(Math.max(0, Math.min(target.index, cells.length)), 0, cell);
      rows[rowIndex] = { ...row, cells };
    }
  } else if (target.place === 'newRow' && !section.isTable) {
    rows.splice(Math.max(0, Math.min(target.rowIndex, rows.length)), 0, { id: newId(), cells: [cell] });
  } else {
    appendToLast();
  }
  return mapSection(layout, section.id, () => normalizeSection({ ...section, rows }, newId));
}

/** Moves a cell to a target; dropping a cell just after itself in its own row changes nothing. */
export function moveCell(
  layout: FormLayout,
  id: string,
  target: DropTarget,
  newId: () => string,
): FormLayout {
  const detached = detachCell(layout, id);
  if (!detached) return layout;
  const { from } = detached;
  let adjusted = target;
  if (target.place === 'row' && target.rowId === from.row.id) {
    if (target.index === from.cellIndex || target.index === from.cellIndex + 1) return layout;
    if (target.index > from.cellIndex) adjusted = { ...target, index: target.index - 1 };
  }
  const placed = insertCell(detached.layout, from.cell, adjusted, newId);
  if (placed === detached.layout) return layout;
  return mapSection(placed, from.section.id, (section) => normalizeSection(section, newId));
}

export type NudgePlan = { kind: 'swap'; with: number } | { kind: 'move'; target: DropTarget } | null;

/** What moving a cell one step in a direction does (null: it cannot go that way). */
export function nudgePlan(layout: FormLayout, id: string, direction: NudgeDirection): NudgePlan {
  const at = findCell(layout, id);
  if (!at) return null;
  const { section, row, rowIndex, cellIndex, sectionIndex } = at;
  if (direction === 'left') return cellIndex > 0 ? { kind: 'swap', with: cellIndex - 1 } : null;
  if (direction === 'right')
    return cellIndex < row.cells.length - 1 ? { kind: 'swap', with: cellIndex + 1 } : null;
  const fits = (other: LayoutRow) => rowWidth(other) + at.cell.columnWidth <= GRID_COLUMNS;
  const step = direction === 'up' ? -1 : 1;
  const neighbour = section.isTable ? undefined : section.rows[rowIndex + step];
  if (neighbour) {
    if (fits(neighbour)) {
      const index = Math.min(cellIndex, neighbour.cells.length);
      return { kind: 'move', target: { sectionId: section.id, place: 'row', rowId: neighbour.id, index } };
    }
    const rowAt = direction === 'up' ? rowIndex - 1 : rowIndex + 2;
    return { kind: 'move', target: { sectionId: section.id, place: 'newRow', rowIndex: rowAt } };
  }
  if (!section.isTable && row.cells.length > 1) {
    // The edge row: the cell leaves its neighbours for a row of its own above or below them.
    const rowAt = direction === 'up' ? 0 : section.rows.length;
    return { kind: 'move', target: { sectionId: section.id, place: 'newRow', rowIndex: rowAt } };
  }
  const other = layout.sections[sectionIndex + step];
  if (!other || (other.isTable && isEmptyCell(at.cell))) return null;
  if (direction === 'up') return { kind: 'move', target: { sectionId: other.id, place: 'end' } };
  const first = other.rows[0];
  if (other.isTable && first) {
    return { kind: 'move', target: { sectionId: other.id, place: 'row', rowId: first.id, index: 0 } };
  }
  return { kind: 'move', target: { sectionId: other.id, place: 'newRow', rowIndex: 0 } };
}

export function nudgeCell(
  layout: FormLayout,
  id: string,
  direction: NudgeDirection,
  newId: () => string,
): FormLayout {
  const plan = nudgePlan(layout, id, direction);
  if (!plan) return layout;
  if (plan.kind === 'move') return moveCell(layout, id, plan.target, newId);
  const at = findCell(layout, id) as CellPosition;
  const cells = [...at.row.cells];
  [cells[at.cellIndex], cells[plan.with]] = [
    cells[plan.with] as LayoutCell,
    cells[at.cellIndex] as LayoutCell,
  ];
  return mapSection(layout, at.section.id, (section) => ({
    ...section,
    rows: section.rows.map((row) => (row.id === at.row.id ? { ...row, cells } : row)),
  }));
}
