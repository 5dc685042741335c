// What the parts of the chargeback page share: the list actor they read and the labels of types, services and statuses.
import type { TFunction } from '../../i18n/translator';
import type { ActorRefFrom } from 'xstate';
import { Badge } from '../../ui/values';
import type { chargebackListMachine } from './list-machine';

export type ChargebackListActor = ActorRefFrom<typeof chargebackListMachine>;

export const typeLabel = (t: TFunction, type: string) => t(`reports.values.types.${type}`, { defaultValue: type });

export const serviceLabel = (t: TFunction, service: string) =>
  t(`reports.values.services.${service}`, { defaultValue: service });

export const statusBadge = (t: TFunction, status: string) => (
  <Badge value={status} label={t(`reports.values.status.${status}`, { defaultValue: status })} />
);
