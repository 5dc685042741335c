import { useServices } from '../../app/ServicesContext';
import { SignedInServicesProvider } from '../../app/SignedInServicesContext';
import { ShellLayout } from './ShellLayout';

/**
 * The shell with the services only a signed-in user needs (decision 060), which the shell
 * route's guard has loaded before it renders. Here, not in the router, so /login's code does
 * not carry their context.
 */
export function SignedInShell() {
  const signedIn = useServices().signedIn.current();
  if (!signedIn) throw new Error('The shell rendered before its guard loaded the signed-in services');
  return (
    <SignedInServicesProvider value={signedIn}>
      <ShellLayout />
    </SignedInServicesProvider>
  );
}
