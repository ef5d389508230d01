import Layout from 'antd/es/layout';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { useSupportContact } from '../api.ts';
import { telHref } from '../format.ts';

/** The footer (spec §1): the year, the company and the support contact from tenant info (with defaults). */
export function ShellFooter() {
  const { t } = useTranslation(['shell', 'common']);
  const { token } = theme.useToken();
  const contact = useSupportContact();
  const year = new Date().getFullYear();
  return (
    <Layout.Footer
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        gap: token.marginXS,
        padding: `${token.paddingSM}px ${token.paddingLG}px`,
        color: token.colorTextSecondary,
        fontSize: token.fontSizeSM,
      }}
    >
      <span data-testid="footer-copyright">
        {t('footer.copyright', { year, company: contact.company || t('common:appName') })}
      </span>
      <span>
        {t('footer.support')} <a href={`mailto:${contact.email}`}>{contact.email}</a>
        {' · '}
        <a href={telHref(contact.phone)}>{contact.phone}</a>
      </span>
    </Layout.Footer>
  );
}
