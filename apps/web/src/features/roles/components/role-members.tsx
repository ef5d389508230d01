import type { RoleMember } from '@formloop/contracts';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Who holds the role, each linked to their user page (where roles are given). */
export function RoleMembers({ members }: { members: RoleMember[] }) {
  const { t } = useTranslation('roles');
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="role-members-heading" style={{ marginTop: token.marginLG }}>
      <h3 id="role-members-heading" style={{ fontSize: token.fontSizeLG, marginBottom: token.marginXS }}>
        {t('members.title', { total: members.length })}
      </h3>
      <p style={{ color: token.colorTextSecondary, marginTop: 0 }}>{t('members.hint')}</p>
      {members.length === 0 ? (
        <p data-testid="role-members-empty">{t('members.empty')}</p>
      ) : (
        <ul style={{ paddingInlineStart: token.paddingLG, margin: 0 }} data-testid="role-members">
          {members.map((member) => (
            <li key={member.id}>
              <Link to={`/settings/user-detail?id=${encodeURIComponent(member.id)}`}>
                {member.fullname || member.username}
              </Link>
              {member.fullname ? (
                <span style={{ color: token.colorTextSecondary }}> ({member.username})</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
