import { useEffect, useState } from 'react';

/**
 * A blob: URL for a Blob or File, revoked when the blob changes or the component goes, so a
 * reviewer paging through documents does not keep every one of them in memory.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}
