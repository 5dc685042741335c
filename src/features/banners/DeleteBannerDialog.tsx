import { useSelector } from '@xstate/react';
import type { TFunction } from '../../i18n/translator';
import { ActionDialog } from '../../ui/managed-list/ActionDialog';
import { selectConfirmDelete, selectIsBusy } from './banners-machine';
import { BANNER_MESSAGES_KEY as K } from './messages';
import type { BannersActor } from './banners-view';

/** Deleting a banner is confirmed first; a refusal shows above the list. */
export function DeleteBannerDialog({ actor, t }: { actor: BannersActor; t: TFunction }) {
  const banner = useSelector(actor, selectConfirmDelete);
  const busy = useSelector(actor, selectIsBusy);
  return (
    <ActionDialog
      open={banner !== null}
      busy={busy}
      failure={null}
      title={t(`${K}.deleteDialog.title`)}
      description={t(`${K}.deleteDialog.body`, { title: banner?.title ?? '' })}
      cancelLabel={t(`${K}.deleteDialog.cancel`)}
      confirmLabel={t(`${K}.deleteDialog.confirm`)}
      busyLabel={t(`${K}.deleteDialog.confirm`)}
      confirmVariant="danger"
      onCancel={() => actor.send({ type: 'delete.cancel' })}
      onConfirm={() => {
        if (!busy) actor.send({ type: 'delete.confirm' });
      }}
    />
  );
}
