/**
 * index.html for a page rendered on the server: its scripts run only after
 * the browser has painted that page. As `<script defer>` they could run
 * first: a deferred script that is there before the stylesheet goes ahead of
 * the first paint, so the server's HTML showed no sooner than the browser's
 * own render (measured: LCP at the same time). Now each script is preloaded
 * from <head> and added, in order, once the browser reports the first
 * contentful paint (the page is on screen, not only drawn: a script run
 * right after the first frame still held its presentation back). A page in
 * a background tab (no paint) starts at once; a browser that reports no
 * paint starts after the first frame, and none waits more than PAINT_WAIT_MS.
 *
 * The preloads are low priority, as deferred scripts are, and so are the
 * page's chunks (`data-paint-first` on <html>: the PreloadRouteChunks script
 * of webpack.config.ts reads it): at high priority they shared the line with
 * the stylesheet, the one thing this first paint waits for (Lighthouse:
 * the stylesheet 1.2 s on slow 4G, first paint 2.5 s instead of 1.1 s).
 */
/** The longest the scripts wait for the paint report. */
export const PAINT_WAIT_MS = 1000;

const DEFERRED_SCRIPT = /<script defer(?:="defer")? src="?([^"\s>]+)"?><\/script>\s*/g;

export function paintFirst(template: string): string {
  const sources = [...template.matchAll(DEFERRED_SCRIPT)].map((m) => m[1]);
  if (sources.length === 0) return template;
  const preloads = sources.map((src) => `<link rel="preload" as="script" fetchpriority="low" href="${src}">`).join('');
  const loader =
    `<script>(function(){var s=${JSON.stringify(sources)},d=0;function run(){if(d++)return;` +
    `s.forEach(function(src){var e=document.createElement('script');e.src=src;e.async=false;document.body.appendChild(e)})}` +
    `function later(){setTimeout(run,0)}` +
    `if(document.visibilityState==='hidden')return run();` +
    `document.addEventListener('visibilitychange',function(){if(document.visibilityState==='hidden')run()});` +
    `setTimeout(run,${PAINT_WAIT_MS});` +
    `try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)later()}).observe({type:'paint',buffered:true})}` +
    `catch(x){requestAnimationFrame(later)}})()</script>`;
  return template
    .replace(/<html\b/, '<html data-paint-first')
    .replace(DEFERRED_SCRIPT, '')
    .replace('</head>', () => `${preloads}</head>`)
    .replace('</body>', () => `${loader}</body>`);
}
