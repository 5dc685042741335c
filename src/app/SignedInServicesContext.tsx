import { createContext, useContext } from 'react';
import type { SignedInServices } from './signed-in-services';

/** The services only a signed-in user needs (decision 060): the shell route provides them once loaded. */
const SignedInServicesContext = createContext<SignedInServices | null>(null);
export const SignedInServicesProvider = SignedInServicesContext.Provider;

export function useSignedInServices(): SignedInServices {
  const services = useContext(SignedInServicesContext);
  if (!services) throw new Error('useSignedInServices outside the signed-in shell');
  return services;
}
