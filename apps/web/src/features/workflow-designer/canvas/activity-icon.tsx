import ApiOutlined from '@ant-design/icons/es/icons/ApiOutlined';
import AuditOutlined from '@ant-design/icons/es/icons/AuditOutlined';
import BranchesOutlined from '@ant-design/icons/es/icons/BranchesOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import FieldTimeOutlined from '@ant-design/icons/es/icons/FieldTimeOutlined';
import ForkOutlined from '@ant-design/icons/es/icons/ForkOutlined';
import FormOutlined from '@ant-design/icons/es/icons/FormOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import MergeOutlined from '@ant-design/icons/es/icons/MergeOutlined';
import PlayCircleOutlined from '@ant-design/icons/es/icons/PlayCircleOutlined';
import QuestionOutlined from '@ant-design/icons/es/icons/QuestionOutlined';
import StopOutlined from '@ant-design/icons/es/icons/StopOutlined';
import type { ActivityType } from '@formloop/workflow';
import type { ComponentType } from 'react';

/** Icon and accent colour per kind: people tasks blue, routing purple, jobs teal, ends grey/green. */
const KINDS: Record<ActivityType, { Icon: ComponentType<{ 'aria-hidden'?: boolean }>; color: string }> = {
  Start: { Icon: PlayCircleOutlined, color: '#389e0d' },
  Approval: { Icon: AuditOutlined, color: '#1677ff' },
  UserTask: { Icon: FormOutlined, color: '#1677ff' },
  Decision: { Icon: BranchesOutlined, color: '#722ed1' },
  Fork: { Icon: ForkOutlined, color: '#722ed1' },
  Join: { Icon: MergeOutlined, color: '#722ed1' },
  SendEmail: { Icon: MailOutlined, color: '#08979c' },
  HttpRequest: { Icon: ApiOutlined, color: '#08979c' },
  SetField: { Icon: EditOutlined, color: '#08979c' },
  Timer: { Icon: FieldTimeOutlined, color: '#d48806' },
  End: { Icon: StopOutlined, color: '#595959' },
};

const UNKNOWN = { Icon: QuestionOutlined, color: '#cf1322' };

export const kindStyle = (type: string) => KINDS[type as ActivityType] ?? UNKNOWN;

/** The kind's icon; decorative, the kind's name is always written beside it. */
export function ActivityIcon({ type }: { type: string }) {
  const { Icon, color } = kindStyle(type);
  return (
    <span style={{ color, display: 'inline-flex' }}>
      <Icon aria-hidden />
    </span>
  );
}
