import message from 'antd/es/message';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect } from 'react';

/** Renders antd's message holder (themed, inside ConfigProvider) and hands its API to the provider. */
export default function ToastHost({ onReady }: { onReady: (api: MessageInstance) => void }) {
  const [api, holder] = message.useMessage();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
