import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The Content-Security-Policy nonce of the current response; undefined in the browser. */
export function useNonce() {
  return useContext(NonceContext);
}
