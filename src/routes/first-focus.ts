// Focus dropped to <body> on a fresh load is where every page starts; only once the user has
// focused something does a <body> focus mean it was lost (the element gone with the old page).
// Watched from the app's start (the root route), since the login form is focused long before
// the lazy shell that acts on it is loaded.
let focusedOnce = false;

/** Starts watching for the user's first focus; returns the function that stops it. */
export function watchFirstFocus(doc: Document = document): () => void {
  const onFocus = () => {
    focusedOnce = true;
    doc.removeEventListener('focusin', onFocus, true);
  };
  doc.addEventListener('focusin', onFocus, true);
  return () => doc.removeEventListener('focusin', onFocus, true);
}

export const hasFocusedOnce = () => focusedOnce;
