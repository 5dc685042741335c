import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

  it('a value with a space still ties each tab to its own panel, and is given back as written', async () => {
    const onValueChange = vi.fn();
    render(
      <Tabs defaultValue="Cash in" onValueChange={onValueChange}>
        <TabList aria-label="Operations">
          <Tab value="Cash in">Cash in</Tab>
          <Tab value="Cash out">Cash out</Tab>
        </TabList>
        <TabPanel value="Cash in">Deposits at an agent.</TabPanel>
        <TabPanel value="Cash out">Withdrawals at an agent.</TabPanel>
      </Tabs>,
    );
    const cashOut = screen.getByRole('tab', { name: 'Cash out' });
    await userEvent.click(cashOut);
    expect(onValueChange).toHaveBeenCalledWith('Cash out');
    const controls = cashOut.getAttribute('aria-controls') ?? '';
    expect(controls).not.toMatch(/\s/);
    expect(document.getElementById(controls)).toBe(screen.getByRole('tabpanel', { name: 'Cash out' }));
  });
});
