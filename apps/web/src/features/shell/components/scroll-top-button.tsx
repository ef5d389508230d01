import VerticalAlignTopOutlined from '@ant-design/icons/es/icons/VerticalAlignTopOutlined';
import { SCROLL_TOP_THRESHOLD_PX } from '@formloop/domain';
import Button from 'antd/es/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Appears once the page is scrolled more than 120 px (spec §2, §9) and takes it back to the top. */
export function ScrollTopButton() {
  const { t } = useTranslation('shell');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  if (!visible) return null;
  return (
    <Button
      type="primary"
      shape="circle"
      size="large"
      aria-label={t('scrollTop')}
      icon={<VerticalAlignTopOutlined aria-hidden />}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      style={{ position: 'fixed', right: 24, bottom: 24, zIndex: 1000 }}
    />
  );
}
