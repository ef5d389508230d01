import Button from 'antd/es/button';
import TextArea from 'antd/es/input/TextArea';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REFERENCE_DATA_NAMESPACE } from '../messages.ts';
import { pastedValues } from '../values-model.ts';

/** A text area for many values at once, one per line; they are added at the end of the list. */
export function PasteValues({ onAdd }: { onAdd: (values: string[]) => void }) {
  const { t } = useTranslation(REFERENCE_DATA_NAMESPACE);
  const [text, setText] = useState('');
  const id = useId();
  const values = pastedValues(text);

  return (
    <div>
      <label htmlFor={id} style={{ display: 'block', marginBottom: 4 }}>
        {t('paste.label')}
      </label>
      <TextArea
        id={id}
        value={text}
        placeholder={t('paste.placeholder')}
        autoSize={{ minRows: 3, maxRows: 10 }}
        onChange={(event) => setText(event.target.value)}
      />
      <Button
        style={{ marginTop: 8 }}
        disabled={values.length === 0}
        onClick={() => {
          onAdd(values);
          setText('');
        }}
      >
        {t('paste.add', { n: values.length })}
      </Button>
    </div>
  );
}
