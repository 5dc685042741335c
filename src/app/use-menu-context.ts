import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { groupKeyForId } from '../../contract/groups';
import { selectMembers } from '../machines/associated-members';
import { selectUser } from '../machines/session';
import type { MenuContext } from '../../contract/navigation/types';
import { useServices } from './ServicesContext';
import { useSignedInServices } from './SignedInServicesContext';

/** What the signed-in user's menu and page access depend on; null when signed out. */
export function useMenuContext(): MenuContext | null {
  const services = useServices();
  const user = useSelector(services.session, selectUser);
  const { members: membersActor, groupIds } = useSignedInServices();
  const members = useSelector(membersActor, selectMembers);
  return useMemo(
    () =>
      user
        ? {
            group: groupKeyForId(user.groupDetails.groupId, groupIds),
            profileName: user.profile.menuProfile ?? user.profile.name,
            members,
          }
        : null,
    [user, members, groupIds],
  );
}
