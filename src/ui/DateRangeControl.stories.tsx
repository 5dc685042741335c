import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { DateRangeControl, OptionalDayRange, type RangeValue } from './DateRangeControl';

// Render-only stories: each holds its own period, as a filter bar does.
const meta = { title: 'Kit/DateRangeControl' } satisfies Meta;
export default meta;
type Story = StoryObj;

const PRESETS = ['today', '7d', '30d', 'month', 'custom'] as const;

function Live({ initial }: { initial: RangeValue }) {
  const [value, setValue] = useState(initial);
  return (
    <div className="flex flex-wrap gap-3">
      <DateRangeControl value={value} presets={PRESETS} onChange={setValue} />
    </div>
  );
}

export const Preset: Story = {
  render: () => <Live initial={{ preset: '7d', from: '2026-11-21', to: '2026-11-28' }} />,
};
export const Custom: Story = {
  render: () => <Live initial={{ preset: 'custom', from: '2026-11-01', to: '2026-11-15' }} />,
};
export const OptionalBounds: Story = {
  render: () => (
    <div className="flex flex-wrap gap-3">
      <OptionalDayRange from="2026-11-01" to="" fromLabel="Sent from" toLabel="Sent until" onChange={() => {}} />
    </div>
  ),
};
