// The machine's Chromium, as every tool that drives it starts it (the e2e specs, the screenshot scripts):
// headless, no sandbox (containers), and nothing that reaches out (updates, sync, QUIC). One list, so a
// flag a tool needs reaches all of them.

/** Where Chromium is: `CHROMIUM_PATH`, else Debian's package (`apt-get install -y chromium`). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every headless run of this repository starts Chromium with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
