import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChevronDown, KeyRound, LogOut } from 'lucide-react';
import { SECONDARY_BUTTON } from './parts';
import {
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuItem,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuTrigger,
} from './DropdownMenu';

const meta = { title: 'Kit/DropdownMenu', component: Menu } satisfies Meta<typeof Menu>;
export default meta;
type Story = StoryObj<typeof meta>;

function UserMenu({ open }: { open?: boolean }) {
  return (
    <div className="flex justify-end">
      <Menu defaultOpen={open} modal={false}>
        <MenuTrigger className={SECONDARY_BUTTON}>
          Awa Ndiaye <ChevronDown size={16} aria-hidden />
        </MenuTrigger>
        <MenuContent>
          <MenuLabel>awa.ndiaye</MenuLabel>
          <MenuRadioGroup value="en">
            <MenuRadioItem value="en">English</MenuRadioItem>
            <MenuRadioItem value="fr">Français</MenuRadioItem>
          </MenuRadioGroup>
          <MenuSeparator />
          <MenuItem>
            <KeyRound size={16} aria-hidden /> Change password
          </MenuItem>
          <MenuItem>
            <LogOut size={16} aria-hidden /> Logout
          </MenuItem>
        </MenuContent>
      </Menu>
    </div>
  );
}

export const Closed: Story = { render: () => <UserMenu /> };
export const Open: Story = { render: () => <UserMenu open /> };

/** Ticks that keep the menu open (a report's columns); the last ticked one cannot be unticked. */
export const Checkboxes: Story = {
  render: () => (
    <div className="flex justify-end">
      <Menu defaultOpen modal={false}>
        <MenuTrigger className={SECONDARY_BUTTON}>Columns</MenuTrigger>
        <MenuContent>
          <MenuLabel className="uppercase">Choose columns</MenuLabel>
          <MenuCheckboxItem checked>Date</MenuCheckboxItem>
          <MenuCheckboxItem checked>Amount</MenuCheckboxItem>
          <MenuCheckboxItem checked={false}>Channel</MenuCheckboxItem>
          <MenuCheckboxItem checked disabled>
            Reference
          </MenuCheckboxItem>
        </MenuContent>
      </Menu>
    </div>
  ),
};
