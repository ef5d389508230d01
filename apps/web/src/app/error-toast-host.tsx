import message from 'antd/es/message';
import type { MessageInstance } from 'antd/es/message/interface';
import { useEffect } from 'react';

/** antd's message holder for the request-error toasts; loaded with the first failure, not with login. */
export default function ErrorToastHost({ onReady }: { onReady: (api: MessageInstance) => void }) {
  const [api, holder] = message.useMessage();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
