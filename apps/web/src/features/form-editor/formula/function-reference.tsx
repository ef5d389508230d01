import FunctionOutlined from '@ant-design/icons/es/icons/FunctionOutlined';
import { FORMULA_FUNCTIONS } from '@formloop/formula';
import Button from 'antd/es/button';
import Input from 'antd/es/input/Input';
import Popover from 'antd/es/popover';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FORM_RENDERER_NAMESPACE } from '../../form-renderer/index.ts';
import { functionSignature } from './formula-suggest.ts';

/** The list of formula functions with their signatures and descriptions; choosing one inserts it. */
export function FunctionReference(props: { onInsert: (name: string) => void }) {
  const { t } = useTranslation(FORM_RENDERER_NAMESPACE);
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = FORMULA_FUNCTIONS.filter((fn) => needle === '' || fn.name.toLowerCase().includes(needle));
  const content = (
    <div style={{ width: 360 }}>
      <Input
        allowClear
        size="small"
        aria-label={t('formula.input.filterFunctions')}
        placeholder={t('formula.input.filterFunctions')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        style={{ marginBottom: 8 }}
      />
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 320, overflowY: 'auto' }}>
        {shown.map((fn) => (
          <li key={fn.name} style={{ padding: '4px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
            <Button
              type="link"
              size="small"
              style={{ padding: 0, fontFamily: 'monospace', height: 'auto' }}
              aria-label={t('formula.input.insertFunction', { name: fn.name })}
              onClick={() => {
                props.onInsert(fn.name);
                setOpen(false);
              }}
            >
              {functionSignature(fn)}
            </Button>
            <div style={{ fontSize: 12, opacity: 0.75 }}>
              {t(fn.descriptionKey, { defaultValue: fn.description })}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={t('formula.input.functionsTitle')}
      content={content}
    >
      <Button size="small" icon={<FunctionOutlined aria-hidden />}>
        {t('formula.input.functions')}
      </Button>
    </Popover>
  );
}
