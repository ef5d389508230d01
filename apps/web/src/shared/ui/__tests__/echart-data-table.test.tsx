import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BarChart, GaugeChart } from 'echarts/charts';
import { GridComponent, TitleComponent } from 'echarts/components';
import { use, type EChartsCoreOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { EChart } from '../echart.tsx';

use([BarChart, GaugeChart, GridComponent, TitleComponent, SVGRenderer]);

const option: EChartsCoreOption = {
  xAxis: { type: 'category', name: 'City', data: ['Rome', 'Oslo'] },
  yAxis: { type: 'value' },
  series: [
    { type: 'bar', name: 'Sales', data: [1234.5, 20] },
    { type: 'bar', name: 'Returns', data: [3, null] },
  ],
};

const cellTexts = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('EChart data table (WCAG: a chart with a table alternative)', () => {
  it('names the chart as an image and shows its data as a table from the keyboard', async () => {
    const user = userEvent.setup();
    render(<EChart option={option} height={200} label="Sales by city" />);
    expect(screen.getByRole('img', { name: 'Sales by city' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show data table' });
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Enter}');

    const table = screen.getByRole('table', { name: 'Sales by city' });
    const hide = screen.getByRole('button', { name: 'Hide data table' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(hide.getAttribute('aria-controls')).toBe(table.parentElement?.id);
    const rows = within(table).getAllByRole('row');
    expect(rows.map(cellTexts)).toEqual([
      ['City', 'Sales', 'Returns'],
      ['Rome', '1,234.5', '3'],
      ['Oslo', '20', ''],
    ]);
    expect(within(rows[0]!).getAllByRole('columnheader')).toHaveLength(3);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Rome');

    // Space closes it again, the focus staying on the button.
    await user.keyboard(' ');
    expect(screen.queryByRole('table')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show data table' }));
  });

  it('writes the toggle and the numbers in the UI language; the option’s title is the caption', async () => {
    await i18n.changeLanguage('de');
    const user = userEvent.setup();
    render(
      <EChart
        option={{ ...option, title: { text: 'Umsatz nach Stadt' } }}
        height={200}
        label="Umsatzdiagramm"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Datentabelle anzeigen' }));
    const table = screen.getByRole('table', { name: 'Umsatz nach Stadt' });
    expect(within(table).getAllByRole('row').map(cellTexts)[1]).toEqual(['Rome', '1.234,5', '3']);
    expect(screen.getByRole('button', { name: 'Datentabelle ausblenden' })).toBeTruthy();
  });

  it('offers no toggle for a chart with no table (a gauge) or when the caller has its own table', () => {
    const gauge = { series: [{ type: 'gauge', data: [{ name: 'Done', value: 70 }] }] };
    const { unmount } = render(<EChart option={gauge} height={200} label="Done" />);
    expect(screen.getByRole('img', { name: 'Done' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();

    render(<EChart option={option} height={200} label="Sales by city" dataTable={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
