import CloudDownloadOutlined from '@ant-design/icons/es/icons/CloudDownloadOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import PhoneOutlined from '@ant-design/icons/es/icons/PhoneOutlined';
import QuestionCircleOutlined from '@ant-design/icons/es/icons/QuestionCircleOutlined';
import ReadOutlined from '@ant-design/icons/es/icons/ReadOutlined';
import Button from 'antd/es/button';
import Popover from 'antd/es/popover';
import theme from 'antd/es/theme';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSupportContact } from '../api.ts';
import { telHref } from '../format.ts';
import { DOCS_URL, REMOTE_SUPPORT_URL } from '../shell-constants.ts';

interface Tile {
  key: string;
  href: string;
  icon: ReactNode;
  title: string;
  detail: string;
  external?: boolean;
}

/**
 * The help dropdown's four tiles (spec §1): online documentation, a support e-mail link, the
 * remote-support client download and a support phone link. E-mail and phone come from tenant info,
 * with defaults.
 */
export function HelpDropdown() {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const contact = useSupportContact();

  const tiles: Tile[] = [
    {
      key: 'docs',
      href: DOCS_URL,
      icon: <ReadOutlined aria-hidden />,
      title: t('help.documentation'),
      detail: t('help.documentationHint'),
      external: true,
    },
    {
      key: 'email',
      href: `mailto:${contact.email}`,
      icon: <MailOutlined aria-hidden />,
      title: t('help.email'),
      detail: contact.email,
    },
    {
      key: 'remote',
      href: REMOTE_SUPPORT_URL,
      icon: <CloudDownloadOutlined aria-hidden />,
      title: t('help.remoteSupport'),
      detail: t('help.remoteSupportHint'),
      external: true,
    },
    {
      key: 'phone',
      href: telHref(contact.phone),
      icon: <PhoneOutlined aria-hidden />,
      title: t('help.phone'),
      detail: contact.phone,
    },
  ];

  const content = (
    <ul
      aria-label={t('help.title')}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        gap: token.marginXS,
        width: 320,
        margin: 0,
        padding: 0,
        listStyle: 'none',
      }}
    >
      {tiles.map((tile) => (
        <li key={tile.key}>
          <a
            href={tile.href}
            data-testid={`help-${tile.key}`}
            {...(tile.external ? { target: '_blank', rel: 'noopener noreferrer' } : null)}
            onClick={() => setOpen(false)}
            style={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: token.marginXXS,
              padding: token.paddingSM,
              borderRadius: token.borderRadius,
              border: `1px solid ${token.colorBorderSecondary}`,
              textAlign: 'center',
              color: token.colorText,
            }}
          >
            <span style={{ fontSize: 24, color: token.colorPrimary }}>{tile.icon}</span>
            <span style={{ fontWeight: 600 }}>{tile.title}</span>
            <span
              style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, wordBreak: 'break-all' }}
            >
              {tile.detail}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );

  return (
    <Popover trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} content={content}>
      <Button
        type="text"
        shape="circle"
        aria-label={t('help.title')}
        aria-haspopup="dialog"
        aria-expanded={open}
        icon={<QuestionCircleOutlined aria-hidden />}
      />
    </Popover>
  );
}
