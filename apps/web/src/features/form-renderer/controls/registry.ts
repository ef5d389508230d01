// FieldType → control. Adding a field type to the catalogue means adding its line here; the
// Record type makes a missing one a compile error.
import type { FieldType } from '@formloop/domain';
import { ButtonControl } from './button-control.tsx';
import { BarcodeControl, BarcodeScannerControl } from './barcode-controls.tsx';
import { CalculationControl } from './calculation-control.tsx';
import { ChecklistControl, DropdownControl, MultiReferenceControl } from './choice-controls.tsx';
import { grouped, labelled, type ControlEntry } from './control-props.ts';
import { DateControl, DateTimeControl, TimeControl } from './date-controls.tsx';
import { InputExternalControl, RemoteLookupControl } from './external-controls.tsx';
import { LookupControl } from './lookup-control.tsx';
import { NumberControl } from './number-control.tsx';
import { RichTextControl } from './richtext-control.tsx';
import { SequenceControl } from './sequence-control.tsx';
import { SignatureControl } from './signature-control.tsx';
import { EmailControl, PasswordControl, TextAreaControl, TextControl } from './text-controls.tsx';
import { CheckboxControl, RatingControl, SliderControl, SwitchControl } from './toggle-controls.tsx';
import { UploadControl } from './upload-control.tsx';
import { UserControl } from './user-control.tsx';

const calculation = labelled(CalculationControl);

export const CONTROLS: Readonly<Record<FieldType, ControlEntry>> = {
  text: labelled(TextControl),
  textarea: labelled(TextAreaControl),
  number: labelled(NumberControl),
  date: labelled(DateControl),
  datetime: labelled(DateTimeControl),
  time: labelled(TimeControl),
  dropdown: labelled(DropdownControl),
  lookup: labelled(LookupControl),
  'remote-lookup': labelled(RemoteLookupControl),
  image: grouped(UploadControl),
  file: grouped(UploadControl),
  'multi-file': grouped(UploadControl),
  signature: grouped(SignatureControl),
  email: labelled(EmailControl),
  slider: grouped(SliderControl),
  switch: labelled(SwitchControl),
  rating: grouped(RatingControl),
  user: labelled(UserControl),
  checkbox: labelled(CheckboxControl),
  checklist: grouped(ChecklistControl),
  button: labelled(ButtonControl),
  'pull-data': labelled(LookupControl),
  richtext: grouped(RichTextControl),
  'richtext-html': grouped(RichTextControl),
  'sequence-number': labelled(SequenceControl),
  'multi-select-user': labelled(UserControl),
  'multi-select-reference': labelled(MultiReferenceControl),
  'multi-select-external': labelled(RemoteLookupControl),
  'input-external': labelled(InputExternalControl),
  password: labelled(PasswordControl),
  barcode: labelled(BarcodeControl),
  'barcode-scanner': labelled(BarcodeScannerControl),
  'calculation-text': calculation,
  'calculation-number': calculation,
  'calculation-currency': calculation,
  'calculation-date': calculation,
  'calculation-date-time': calculation,
  'calculation-email': calculation,
  'calculation-time': calculation,
  'calculation-switch': calculation,
  'calculation-user': calculation,
  'calculation-remote-lookup': calculation,
  'calculation-lookup': calculation,
  'calculation-element': calculation,
};
