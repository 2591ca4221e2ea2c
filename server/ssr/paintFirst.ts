import { EARLY_CLICK_REPLAY, EARLY_INPUT_REPLAY, PAINTED_EVENT } from '../../src/contracts/paintFirst';
/**
 * index.html for a page rendered on the server: paint first, then load the
 * app. The page the server sent is complete with its stylesheet alone, so
 * its scripts (the entry files here, the page's chunks and messages through
 * the PreloadRouteChunks script of webpack.config.ts, which waits for the
 * same signal on a `data-paint-first` page) are requested once the browser
 * reports the first contentful paint, added in order.
 *
 * Why not earlier: as `<script defer>` a script already there before the
 * stylesheet ran ahead of the first paint, so the server's HTML showed no
 * sooner than the browser's own render; preloaded at once, the ~250 KB of
 * scripts shared a slow line with the stylesheet, the one thing the paint
 * waits for (Lighthouse, slow 4G: the stylesheet alone 1.2 s; first paint
 * 2.5 s with the scripts loading beside it, 1.2 s without). On a line that
 * slow, bytes are the limit: the app is interactive about as early either
 * way, and the page is on screen a second sooner.
 *
 * A page in a background tab (no paint) starts at once; a browser that
 * reports no paint starts after the first frame, and none waits more than
 * PAINT_WAIT_MS.
 *
 * Images that wait for the paint (`data-paint-src`: the thumbnails, src/components/ProductThumbnail.tsx)
 * get their `src` then too.
 *
 * Until the app has taken the page over, a button does nothing by itself:
 * the loader keeps the last button clicked (a click, or Enter/Space on it)
 * and src/index.tsx clicks it again once hydrated (EARLY_CLICK_REPLAY), so a
 * merchant's quick "Select main product" is not lost. Links work as links.
 *
 * The page's fields take typing before then, and hydration would drop it (a
 * controlled field shows the app's empty state again; a chosen file is never
 * handed to the app): the loader records each field of #root the merchant
 * edits (its value, checked state and files, and its place among #root's
 * fields) until the app asks for them (EARLY_INPUT_REPLAY) and hands them to
 * its handlers (src/ssr/earlyInput.ts). Recorded at each edit, as hydration
 * puts back a textarea's and a select's server state before the app can read it.
 * An upload field (Polaris' DropZone) opens the file chooser on a click by its
 * own file input at once (a chooser opened by a click replayed later, without
 * the merchant's gesture, is blocked by the browser), and takes a file dropped
 * on it, recorded as that input's (the browser would open the file instead of
 * the page).
 *
 * Enter in a text field is an action too, as the app answers it (the tag
 * field adds its tag): kept as the last action (a later click replaces it,
 * an edit of that field drops it: the merchant saw nothing happen and went
 * on typing) and pressed again on that field once the page is live. The
 * server's forms have no action: a form submitted meanwhile (Enter in the
 * only text field of a form) is stopped, as it would load the page again and
 * lose everything typed; a submit button's click is kept like any other.
 */
/** The fields whose Enter is kept as the merchant's last action (a text field's: the tag field adds its tag). */
const ENTER_FIELDS = 'input:not([type=checkbox]):not([type=radio]):not([type=file])';

/** The longest the scripts wait for the paint report. */
export const PAINT_WAIT_MS = 3000;

const DEFERRED_SCRIPT = /<script defer(?:="defer")? src="?([^"\s>]+)"?><\/script>\s*/g;

export function paintFirst(template: string): string {
  const sources = [...template.matchAll(DEFERRED_SCRIPT)].map((m) => m[1]);
  if (sources.length === 0) return template;
  const loader =
    `<script>(function(){var s=${JSON.stringify(sources)},d=0,q=null;` +
    `function upload(t){var z=t&&t.closest&&t.closest('.Polaris-DropZone'),i=z&&z.querySelector('input[type=file]');return i&&!i.disabled?i:null}` +
    `function early(e){var t=e.target,i=upload(t);if(i){if(t!==i){e.preventDefault();e.stopPropagation();i.click()}return}` +
    `var b=t&&t.closest&&t.closest('button,[role=button]');if(b&&!b.disabled){q=b;e.preventDefault();e.stopPropagation()}}` +
    `function enter(e){var t=e.target;if(e.key==='Enter'&&!e.isComposing&&root(t)&&t.matches(${JSON.stringify(ENTER_FIELDS)}))q=t}` +
    `function submit(e){if(root(e.target))e.preventDefault()}` +
    `var a={click:early,keydown:enter,submit:submit};for(var k in a)document.addEventListener(k,a[k],true);` +
    `window.${EARLY_CLICK_REPLAY}=function(){for(var k in a)document.removeEventListener(k,a[k],true);var b=q;q=null;if(!b||!b.isConnected)return;` +
    `if(b.tagName==='INPUT')b.dispatchEvent(new KeyboardEvent('keydown',{key:'Enter',code:'Enter',bubbles:true,cancelable:true}));else b.click()};` +
    `var m=new Map(),f='input,textarea,select',h={input:edit,change:edit,dragover:over,drop:drop};` +
    `function root(t){var r=document.getElementById('root');return r&&t&&t.nodeType===1&&r.contains(t)?r:null}` +
    `function keep(t,r,files){m.set(t,{value:t.value,checked:t.checked,files:files,index:[].indexOf.call(r.querySelectorAll(f),t)})}` +
    `function edit(e){var t=e.target,r=root(t);if(r&&t.matches(f)){keep(t,r,t.files);if(q===t&&e.type==='input')q=null}}` +
    `function over(e){if(root(e.target))e.preventDefault()}` +
    `function drop(e){var r=root(e.target),i=upload(e.target),d=e.dataTransfer;if(!r)return;e.preventDefault();if(i&&d&&d.files.length)keep(i,r,d.files)}` +
    `for(var k in h)document.addEventListener(k,h[k],true);` +
    `window.${EARLY_INPUT_REPLAY}=function(){for(var k in h)document.removeEventListener(k,h[k],true);delete window.${EARLY_INPUT_REPLAY};return m};` +
    `function run(){if(d++)return;` +
    `[].forEach.call(document.querySelectorAll('img[data-paint-src]'),function(i){i.src=i.getAttribute('data-paint-src')});` +
    `document.dispatchEvent(new Event('${PAINTED_EVENT}'));` +
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
    .replace('</body>', () => `${loader}</body>`);
}
