import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { SelectField, TextAreaField, TextField } from './FormField';

const meta = {
  title: 'Kit/Form fields',
  component: TextField,
  args: { id: 'phone', label: 'Phone', value: '', onValue: () => {} },
  decorators: [(Story) => <div className="max-w-md rounded-lg bg-raised p-4">{Story()}</div>],
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A field the story's reader can type into. */
function Live(props: Omit<Parameters<typeof TextField>[0], 'value' | 'onValue'> & { initial?: string }) {
  const { initial = '', ...rest } = props;
  const [value, setValue] = useState(initial);
  return <TextField {...rest} value={value} onValue={setValue} />;
}

export const Text: Story = { render: (args) => <Live id={args.id} label={args.label} inputMode="tel" /> };
export const WithHint: Story = {
  render: () => (
    <Live id="phone-hint" label="Phone" hint="+221 7X XXX XX XX, with or without +221" initial="77 123 45 67" />
  ),
};
export const WithError: Story = {
  args: { value: '12345', error: 'Enter a Senegalese mobile number (77, 78, 76, 70 or 75).' },
};
export const Optional: Story = { args: { id: 'note', label: 'Note', optional: true, value: '' } };
export const Disabled: Story = { args: { value: '+221 77 123 45 67', disabled: true } };
export const Select: Story = {
  render: () => (
    <SelectField id="bank" label="Bank" value="cbao" onValue={() => {}}>
      <option value="cbao">CBAO</option>
      <option value="sgbs">Société Générale Sénégal</option>
    </SelectField>
  ),
};
export const TextArea: Story = {
  render: () => (
    <TextAreaField id="reason" label="Reason" rows={3} value="The ID card photo is blurred." onValue={() => {}} />
  ),
};
