import {
  createActivity,
  emptyDefinition,
  validateDefinition,
  type WorkflowDefinition,
} from '@formloop/workflow';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n.ts';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { addActivity, connect, removeActivities } from '../model/definition-ops.ts';
import { ValidationPanel } from '../validation/validation-panel.tsx';

/** Start → Decision whose False path is missing and which has no condition yet. */
function brokenFlow(): WorkflowDefinition {
  let definition = addActivity(emptyDefinition(), {
    ...createActivity('Decision', 'check', { x: 200, y: 0 }),
    displayName: 'Big amount?',
  });
  definition = connect(definition, { sourceActivityId: 'start', targetActivityId: 'check', outcome: 'Done' });
  return connect(definition, { sourceActivityId: 'check', targetActivityId: 'end', outcome: 'True' });
}

function renderPanel(definition: WorkflowDefinition) {
  const onSelect = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Suspense fallback={null}>
        <ValidationPanel
          definition={definition}
          issues={validateDefinition(definition)}
          onSelect={onSelect}
        />
      </Suspense>
    </AppProviders>,
  );
  return onSelect;
}

describe('workflow validation panel', { timeout: 30_000 }, () => {
  it('lists the issues in words by their code; a click on one selects its activity', async () => {
    const onSelect = renderPanel(brokenFlow());
    const panel = await screen.findByTestId('workflow-issues');
    expect(within(panel).getByRole('heading').textContent).toBe('2 problems to fix before publishing');
    const items = Array.from(panel.querySelectorAll('li')).map((item) => [
      item.dataset.issueCode,
      item.textContent,
    ]);
    expect(items).toEqual([
      ['decision-branches', 'Big amount?: connect the outcome False.'],
      ['missing-condition', 'Big amount? has no condition.'],
    ]);
    fireEvent.click(within(panel).getByRole('button', { name: 'Big amount? has no condition.' }));
    expect(onSelect).toHaveBeenCalledWith('check');
  });

  it('shows workflow-wide issues as text, and reads in the user’s language', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderPanel(removeActivities(emptyDefinition(), ['start', 'end']));
    const panel = await screen.findByTestId('workflow-issues');
    expect(within(panel).queryAllByRole('button')).toEqual([]);
    expect(panel.textContent).toContain("Le flux de travail n'a pas d'activité de début.");
    expect(panel.textContent).toContain("Le flux de travail n'a pas d'activité de fin.");
  });

  it('says when there is nothing to fix', async () => {
    renderPanel(emptyDefinition());
    expect(await screen.findByText('No problems: the workflow can be published.')).toBeTruthy();
  });
});
