/**
 * How every browser run here starts Chromium (tests, bench, screenshots): Debian's build,
 * with the background services off that this machine's closed network would refuse.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
