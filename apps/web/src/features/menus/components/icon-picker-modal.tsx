import { ICON_PAGE_SIZE } from '@formloop/domain';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Modal from 'antd/es/modal';
import Pagination from 'antd/es/pagination';
import theme from 'antd/es/theme';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessageKey } from '../../../shared/i18n/translate-message.ts';
import { loadIconLibrary, type IconLibrary } from '../../../shared/ui/menu-icon.tsx';

type Status = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; library: IconLibrary };

/** Spec §2 state texts, in capitals as the spec quotes them ('LOADING', 'NOT FOUND', 'ICONS NOT LOAD'). */
function StateText({ text, testId }: { text: string; testId: string }) {
  const { token } = theme.useToken();
  return (
    <p
      role="status"
      data-testid={testId}
      style={{ textAlign: 'center', padding: token.paddingXL, color: token.colorTextSecondary, margin: 0 }}
    >
      {text}
    </p>
  );
}

/** Icon names match a search ignoring case, spaces and hyphens: 'bar chart' finds 'BarChartOutlined'. */
const squash = (text: string) => text.toLowerCase().replace(/[\s-]+/g, '');

/**
 * The Select Icon modal (spec §2, §9): a search box and the matching icons, 50 per page. The icon
 * library loads when the modal opens (never with the rest of the app); while it loads the modal says
 * 'LOADING', if it fails 'ICONS NOT LOAD' with a retry, and a search without matches 'NOT FOUND'.
 * Choosing an icon hands its name ('HomeOutlined') to onSelect.
 */
export function IconPickerModal({
  open,
  value,
  onSelect,
  onClose,
  load = loadIconLibrary,
}: {
  open: boolean;
  value: string;
  onSelect: (name: string) => void;
  onClose: () => void;
  /** Where the icons come from; tests pass their own to see every state. */
  load?: () => Promise<IconLibrary>;
}) {
  const { t } = useTranslation(['menus', 'validation']);
  const { token } = theme.useToken();
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  // The latest loader without making it an effect dependency (an inline function changes every render).
  const loader = useRef(load);
  loader.current = load;

  useEffect(() => {
    if (!open) return;
    let live = true;
    setStatus((current) => (current.kind === 'ready' ? current : { kind: 'loading' }));
    loader.current().then(
      (library) => {
        if (live) setStatus({ kind: 'ready', library });
      },
      () => {
        if (live) setStatus({ kind: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [open, attempt]);

  useEffect(() => {
    if (open) {
      setQuery('');
      setPage(1);
    }
  }, [open]);

  const names = status.kind === 'ready' ? status.library.names : null;
  const matches = useMemo(() => {
    if (!names) return [];
    const needle = squash(query);
    return needle === '' ? [...names] : names.filter((name) => squash(name).includes(needle));
  }, [names, query]);
  const pageNames = matches.slice((page - 1) * ICON_PAGE_SIZE, page * ICON_PAGE_SIZE);

  let body;
  if (status.kind === 'loading') {
    body = <StateText testId="icons-loading" text={translateMessageKey(t, 'iconsLoading')} />;
  } else if (status.kind === 'failed') {
    body = (
      <div style={{ textAlign: 'center' }}>
        <StateText testId="icons-failed" text={translateMessageKey(t, 'iconsLoadFailed')} />
        <Button onClick={() => setAttempt((count) => count + 1)}>{t('menus:icons.retry')}</Button>
      </div>
    );
  } else if (matches.length === 0) {
    body = <StateText testId="icons-not-found" text={translateMessageKey(t, 'iconsNotFound')} />;
  } else {
    const icons = status.library.icons;
    body = (
      <>
        <ul
          aria-label={t('menus:icons.title')}
          data-testid="icon-grid"
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
            gap: token.marginXS,
          }}
        >
          {pageNames.map((name) => {
            const Icon = icons[name]!;
            const chosen = name === value;
            return (
              <li key={name}>
                <Button
                  type={chosen ? 'primary' : 'default'}
                  aria-label={t('menus:icons.select', { name })}
                  aria-pressed={chosen}
                  title={name}
                  onClick={() => {
                    onSelect(name);
                    onClose();
                  }}
                  style={{ width: '100%', height: 72, display: 'flex', flexDirection: 'column', gap: 4 }}
                >
                  <Icon aria-hidden style={{ fontSize: 22 }} />
                  <span
                    style={{
                      fontSize: token.fontSizeSM,
                      maxWidth: '100%',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                    }}
                  >
                    {name}
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
        <Pagination
          style={{ marginTop: token.margin, justifyContent: 'center' }}
          current={page}
          pageSize={ICON_PAGE_SIZE}
          total={matches.length}
          showSizeChanger={false}
          onChange={setPage}
        />
      </>
    );
  }

  return (
    <Modal
      open={open}
      title={t('menus:icons.title')}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      <Input
        type="search"
        allowClear
        aria-label={t('menus:icons.search')}
        placeholder={t('menus:icons.search')}
        value={query}
        disabled={status.kind !== 'ready'}
        onChange={(event) => {
          setQuery(event.target.value);
          setPage(1);
        }}
        style={{ marginBottom: token.margin }}
      />
      {body}
    </Modal>
  );
}
