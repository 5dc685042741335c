import type { Meta, StoryObj } from '@storybook/react-vite';
import { Tab, TabList, TabPanel, Tabs } from './Tabs';

const meta = { title: 'Kit/Tabs', component: Tabs } satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

const NAMES = ['Waiting', 'Decided', 'Expired'];

export const Default: Story = {
  render: () => (
    <Tabs defaultValue="Waiting">
      <TabList aria-label="Requests">
        {NAMES.map((name) => (
          <Tab key={name} value={name}>
            {name}
          </Tab>
        ))}
      </TabList>
      {NAMES.map((name) => (
        <TabPanel key={name} value={name}>
          {name} requests appear here.
        </TabPanel>
      ))}
    </Tabs>
  ),
};

export const WithADisabledTab: Story = {
  render: () => (
    <Tabs defaultValue="profile">
      <TabList aria-label="Account">
        <Tab value="profile">Profile</Tab>
        <Tab value="documents">Documents</Tab>
        <Tab value="limits" disabled>
          Limits
        </Tab>
      </TabList>
      <TabPanel value="profile">The holder's name, phone and KYC level.</TabPanel>
      <TabPanel value="documents">The identity documents on file.</TabPanel>
    </Tabs>
  ),
};

const MANY = ['Cash in', 'Cash out', 'Transfers', 'Payments', 'Bills', 'Airtime', 'Merchants', 'Salaries', 'Refunds'];

/** More tabs than a phone's width: the list scrolls sideways. */
export const ManyTabs: Story = {
  render: () => (
    <Tabs defaultValue={MANY[0]}>
      <TabList aria-label="Services">
        {MANY.map((name) => (
          <Tab key={name} value={name}>
            {name}
          </Tab>
        ))}
      </TabList>
      {MANY.map((name) => (
        <TabPanel key={name} value={name}>
          {name}
        </TabPanel>
      ))}
    </Tabs>
  ),
};
