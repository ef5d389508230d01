import type { PayloadGroup } from '@formloop/domain';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import { FieldItem } from './field-item.tsx';
import type { SectionContext } from './section-context.ts';
import { gridRows } from './renderer-model.ts';

/**
 * A section as a card of rows on the 12-column grid (span = columnWidth × 2 of antd's 24); on small
 * screens every field takes the full width.
 */
export function FormSection(props: { group: PayloadGroup; context: SectionContext }) {
  const { group, context } = props;
  const rows = gridRows(group)
    .map((row) => row.filter(({ field }) => context.access(group, field.name).visible))
    .filter((row) => row.length > 0);
  if (rows.length === 0) return null;
  return (
    <Card
      title={group.displayName || undefined}
      size="small"
      style={{ marginBottom: 16 }}
      data-section={group.name}
    >
      {rows.map((row, rowIndex) => (
        <Row key={rowIndex} gutter={16}>
          {row.map(({ field, type, width, offset }) => (
            <Col key={field.name} xs={24} md={{ span: width * 2, offset: offset * 2 }}>
              <FieldItem
                field={field}
                type={type}
                valueKey={field.name}
                id={context.idFor(field.name)}
                value={context.values[field.name]}
                readOnly={!context.access(group, field.name).editable}
                now={context.now}
                error={context.errorFor(field.name)}
                formulaError={context.formulaErrors[field.name]}
                onValue={context.onValue}
              />
            </Col>
          ))}
        </Row>
      ))}
    </Card>
  );
}
