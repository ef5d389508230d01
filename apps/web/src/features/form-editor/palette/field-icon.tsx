import AlignLeftOutlined from '@ant-design/icons/es/icons/AlignLeftOutlined';
import ApiOutlined from '@ant-design/icons/es/icons/ApiOutlined';
import BarcodeOutlined from '@ant-design/icons/es/icons/BarcodeOutlined';
import CalculatorOutlined from '@ant-design/icons/es/icons/CalculatorOutlined';
import CalendarOutlined from '@ant-design/icons/es/icons/CalendarOutlined';
import CheckSquareOutlined from '@ant-design/icons/es/icons/CheckSquareOutlined';
import ClockCircleOutlined from '@ant-design/icons/es/icons/ClockCircleOutlined';
import CloudDownloadOutlined from '@ant-design/icons/es/icons/CloudDownloadOutlined';
import CloudServerOutlined from '@ant-design/icons/es/icons/CloudServerOutlined';
import CloudSyncOutlined from '@ant-design/icons/es/icons/CloudSyncOutlined';
import DollarOutlined from '@ant-design/icons/es/icons/DollarOutlined';
import DownSquareOutlined from '@ant-design/icons/es/icons/DownSquareOutlined';
import FieldNumberOutlined from '@ant-design/icons/es/icons/FieldNumberOutlined';
import FieldStringOutlined from '@ant-design/icons/es/icons/FieldStringOutlined';
import FieldTimeOutlined from '@ant-design/icons/es/icons/FieldTimeOutlined';
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import FolderOpenOutlined from '@ant-design/icons/es/icons/FolderOpenOutlined';
import FontSizeOutlined from '@ant-design/icons/es/icons/FontSizeOutlined';
import FunctionOutlined from '@ant-design/icons/es/icons/FunctionOutlined';
import HourglassOutlined from '@ant-design/icons/es/icons/HourglassOutlined';
import Html5Outlined from '@ant-design/icons/es/icons/Html5Outlined';
import IdcardOutlined from '@ant-design/icons/es/icons/IdcardOutlined';
import ImportOutlined from '@ant-design/icons/es/icons/ImportOutlined';
import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import NodeIndexOutlined from '@ant-design/icons/es/icons/NodeIndexOutlined';
import NumberOutlined from '@ant-design/icons/es/icons/NumberOutlined';
import OrderedListOutlined from '@ant-design/icons/es/icons/OrderedListOutlined';
import PaperClipOutlined from '@ant-design/icons/es/icons/PaperClipOutlined';
import PictureOutlined from '@ant-design/icons/es/icons/PictureOutlined';
import ScanOutlined from '@ant-design/icons/es/icons/ScanOutlined';
import ScheduleOutlined from '@ant-design/icons/es/icons/ScheduleOutlined';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import SelectOutlined from '@ant-design/icons/es/icons/SelectOutlined';
import SignatureOutlined from '@ant-design/icons/es/icons/SignatureOutlined';
import SlidersOutlined from '@ant-design/icons/es/icons/SlidersOutlined';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import SwitcherOutlined from '@ant-design/icons/es/icons/SwitcherOutlined';
import TagsOutlined from '@ant-design/icons/es/icons/TagsOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import UserSwitchOutlined from '@ant-design/icons/es/icons/UserSwitchOutlined';
import type { FieldType } from '@formloop/domain';
import type { ComponentType } from 'react';

type Icon = ComponentType<{ 'aria-hidden'?: boolean; className?: string }>;

/** One icon per field type, in the palette and on the canvas. */
export const FIELD_ICONS: Readonly<Record<FieldType, Icon>> = {
  text: FontSizeOutlined,
  textarea: AlignLeftOutlined,
  number: NumberOutlined,
  date: CalendarOutlined,
  datetime: FieldTimeOutlined,
  time: ClockCircleOutlined,
  dropdown: DownSquareOutlined,
  lookup: SearchOutlined,
  'remote-lookup': CloudDownloadOutlined,
  image: PictureOutlined,
  file: PaperClipOutlined,
  'multi-file': FolderOpenOutlined,
  signature: SignatureOutlined,
  email: MailOutlined,
  slider: SlidersOutlined,
  switch: SwitcherOutlined,
  rating: StarOutlined,
  user: UserOutlined,
  checkbox: CheckSquareOutlined,
  checklist: UnorderedListOutlined,
  button: SelectOutlined,
  'pull-data': ImportOutlined,
  richtext: FileTextOutlined,
  'richtext-html': Html5Outlined,
  'sequence-number': OrderedListOutlined,
  'multi-select-user': TeamOutlined,
  'multi-select-reference': TagsOutlined,
  'multi-select-external': CloudServerOutlined,
  'input-external': ApiOutlined,
  password: LockOutlined,
  barcode: BarcodeOutlined,
  'barcode-scanner': ScanOutlined,
  'calculation-text': FieldStringOutlined,
  'calculation-number': CalculatorOutlined,
  'calculation-currency': DollarOutlined,
  'calculation-date': ScheduleOutlined,
  'calculation-date-time': HourglassOutlined,
  'calculation-email': LinkOutlined,
  'calculation-time': FieldNumberOutlined,
  'calculation-switch': NodeIndexOutlined,
  'calculation-user': UserSwitchOutlined,
  'calculation-remote-lookup': CloudSyncOutlined,
  'calculation-lookup': IdcardOutlined,
  'calculation-element': FunctionOutlined,
};

export function FieldIcon({ type }: { type: FieldType }) {
  const Icon = FIELD_ICONS[type];
  return <Icon aria-hidden />;
}
