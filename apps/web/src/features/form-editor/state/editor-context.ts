import type { FieldType } from '@formloop/domain';
import { createContext, useContext, type Dispatch } from 'react';
import type { DragPayload } from '../palette/drag-data.ts';
import type { DropTarget, EditorAction } from './editor-types.ts';
import { newId } from './new-id.ts';

/** The editor's dispatch, for the canvas and the settings panel deep below the page. */
export const EditorDispatchContext = createContext<Dispatch<EditorAction>>(() => undefined);

export const useEditorDispatch = () => useContext(EditorDispatchContext);

/** The action a drop (or an Enter on the palette) turns into. */
export function dropAction(payload: DragPayload, target: DropTarget): EditorAction {
  return payload.kind === 'new'
    ? { type: 'addField', fieldType: payload.fieldType, target, id: newId() }
    : { type: 'moveField', id: payload.id, target };
}

export const addFieldAction = (fieldType: FieldType, target: DropTarget): EditorAction =>
  dropAction({ kind: 'new', fieldType }, target);
