import StarFilled from '@ant-design/icons/es/icons/StarFilled';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useToggleFavourite, type FavouriteTarget } from '../api.ts';
import { useFailureText } from '../messages.ts';

/**
 * The star that adds an app to the favourites or takes it out (spec §4). The change shows at once
 * everywhere (this page's lists and the sidebar) and is undone with the server's message if it fails.
 */
export function FavouriteButton({ app, isFavourite }: { app: FavouriteTarget; isFavourite: boolean }) {
  const { t } = useTranslation('applications');
  const { token } = theme.useToken();
  const toast = useToast();
  const failureText = useFailureText();
  const toggle = useToggleFavourite();
  const label = isFavourite
    ? t('favourite.remove', { name: app.display_name })
    : t('favourite.add', { name: app.display_name });
  return (
    <Tooltip title={isFavourite ? t('favourite.removeShort') : t('favourite.addShort')}>
      <Button
        type="text"
        aria-label={label}
        aria-pressed={isFavourite}
        icon={
          isFavourite ? (
            <StarFilled aria-hidden style={{ color: token.colorWarning }} />
          ) : (
            <StarOutlined aria-hidden />
          )
        }
        onClick={(event) => {
          // Cards are links: the star must not open the app.
          event.preventDefault();
          event.stopPropagation();
          toggle.mutate(
            { app, isAdd: !isFavourite },
            { onError: (error) => toast.error(failureText(error)) },
          );
        }}
      />
    </Tooltip>
  );
}
