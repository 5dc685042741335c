// What the parts of the chargeback page share: the list actor they read and the labels of types, services and statuses.
import type { TFunction } from '../../i18n/translator';
import type { ActorRefFrom } from 'xstate';
import { Badge, valueLabel } from '../../ui/values';
import type { chargebackListMachine } from './list-machine';

export type ChargebackListActor = ActorRefFrom<typeof chargebackListMachine>;

// The labels are the reports' (contract/report-values.ts): a chargeback reads as its transaction does.
export const typeLabel = (t: TFunction, type: string) => valueLabel(t, 'types', type);

export const serviceLabel = (t: TFunction, service: string) => valueLabel(t, 'services', service);

export const statusLabel = (t: TFunction, status: string) => valueLabel(t, 'status', status);

export const statusBadge = (t: TFunction, status: string) => <Badge value={status} label={statusLabel(t, status)} />;
