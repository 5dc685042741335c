import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tab, TabList, TabPanel, Tabs } from './Tabs';

function Example() {
  return (
    <Tabs defaultValue="waiting">
      <TabList aria-label="Requests">
        <Tab value="waiting">Waiting</Tab>
        <Tab value="decided">Decided</Tab>
        <Tab value="expired">Expired</Tab>
      </TabList>
      <TabPanel value="waiting">Three requests wait.</TabPanel>
      <TabPanel value="decided">Nothing decided today.</TabPanel>
      <TabPanel value="expired">None expired.</TabPanel>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('arrow keys move focus to the next tab and select it; Home and End reach the ends', async () => {
    render(<Example />);
    const waiting = screen.getByRole('tab', { name: 'Waiting' });
    expect(waiting).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Three requests wait.');

    await userEvent.tab();
    expect(waiting).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    const decided = screen.getByRole('tab', { name: 'Decided' });
    expect(decided).toHaveFocus();
    expect(decided).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Nothing decided today.');

    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Expired' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(waiting).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Three requests wait.');
  });

  it('a click selects a tab, and its panel is named by it', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('tab', { name: 'Expired' }));
    expect(screen.getByRole('tabpanel', { name: 'Expired' })).toHaveTextContent('None expired.');
  });
});
