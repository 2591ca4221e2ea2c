/** Base styles of every template (static; merchant CSS comes after and can override). */
export const WIDGET_CSS = `
.sl-widget{--sl-atc:#000;--sl-marker:#1a1a1a;--sl-marker-ink:#fff;--sl-marker-ring:#fff;font-family:inherit;color:inherit;margin:32px 0;box-sizing:border-box}
.sl-widget *{box-sizing:border-box}
.sl-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:8px 16px;margin-bottom:16px}
.sl-title{font-size:1.4em;margin:0;flex:1 1 auto}
.sl-discount{margin:0;padding:4px 10px;border-radius:999px;background:#fff4d6;color:#6b4e00;font-size:.9em}
.sl-discount-button{font-size:.9em;color:var(--sl-atc);text-decoration:underline}
.sl-grid{display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(180px,1fr))}
.sl-item{display:flex;flex-direction:column;gap:8px;background:#fff;border:1px solid #e6e6e6;border-radius:10px;padding:10px;transition:box-shadow .2s}
.sl-item.is-highlighted{box-shadow:0 0 0 3px var(--sl-atc)}
.sl-item-media img,.sl-item-media .sl-noimg{display:block;width:100%;aspect-ratio:1/1;object-fit:cover;border-radius:6px;background:#f2f2f2}
.sl-item-info{display:flex;flex-direction:column;gap:6px;flex:1}
.sl-item-title{font-weight:600;color:inherit;text-decoration:none;line-height:1.3}
.sl-price{display:flex;gap:6px;align-items:baseline}
.sl-was{color:#8a8a8a}
.sl-low{margin:0;color:#b42318;font-size:.85em}
.sl-atc,.sl-add-all,.sl-popup-open{margin-top:auto;background:var(--sl-atc);color:#fff;border:0;border-radius:6px;padding:10px 14px;font:inherit;font-weight:600;cursor:pointer}
.sl-atc[disabled]{opacity:.5;cursor:not-allowed}
.sl-atc.is-added{filter:brightness(1.3)}
.sl-variants{display:flex;flex-direction:column;gap:4px;font-size:.9em}
.sl-variant-select{padding:6px;border:1px solid #ccc;border-radius:6px;font:inherit}
.sl-options{display:flex;flex-wrap:wrap;gap:6px}
.sl-option{border:1px solid #ccc;background:#fff;border-radius:6px;padding:4px 10px;font:inherit;cursor:pointer;display:inline-flex;gap:6px;align-items:center}
.sl-option.is-selected{border-color:var(--sl-atc);box-shadow:inset 0 0 0 1px var(--sl-atc)}
.sl-swatch{width:14px;height:14px;border-radius:50%;background:var(--sl-swatch,#ddd);border:1px solid #0002}
.sl-shoppable{display:grid;gap:20px}
.sl-stage{position:relative;border-radius:10px;overflow:hidden;background:#f2f2f2;width:100%;max-width:560px;justify-self:center}
.sl-stage .sl-main{display:block;width:100%;height:auto}
.sl-stage .sl-noimg{display:block;width:100%;aspect-ratio:4/5}
.sl-marker{position:absolute;transform:translate(-50%,-50%);width:30px;height:30px;border-radius:50%;border:2px solid var(--sl-marker-ring);background:var(--sl-marker);color:var(--sl-marker-ink);font-weight:700;cursor:pointer;box-shadow:0 0 0 1px #0006,0 2px 6px #0004}
.sl-t-shoppable .sl-list{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(160px,1fr))}
.sl-t-left_sha .sl-shoppable{grid-template-columns:minmax(0,1.2fr) minmax(0,1fr);align-items:start}
.sl-t-left_sha .sl-list{display:flex;flex-direction:column;gap:10px}
.sl-t-left_sha .sl-item{flex-direction:row}
.sl-t-left_sha .sl-item-media{width:96px;flex:none}
.sl-carousel{position:relative;display:flex;align-items:center;gap:8px}
.sl-track{display:grid;grid-auto-flow:column;grid-auto-columns:minmax(200px,calc(33.333% - 11px));gap:16px;overflow-x:auto;scroll-snap-type:x mandatory;scroll-behavior:smooth;flex:1;padding-bottom:4px}
.sl-track .sl-item{scroll-snap-align:start}
.sl-nav{flex:none;width:36px;height:36px;border-radius:50%;border:1px solid #ccc;background:#fff;font-size:22px;line-height:1;cursor:pointer}
.sl-t-inpage .sl-grid{grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}
.sl-t-in_desc{margin:16px 0}
.sl-t-in_desc .sl-grid{grid-template-columns:1fr;gap:8px}
.sl-t-in_desc .sl-item{flex-direction:row;align-items:center;padding:6px;border:0;border-bottom:1px solid #eee;border-radius:0}
.sl-t-in_desc .sl-item-media{width:64px;flex:none}
.sl-t-in_desc .sl-atc{padding:6px 10px;font-size:.85em}
.sl-t-full_width{margin-left:calc(50% - 50vw);margin-right:calc(50% - 50vw);padding:32px max(16px,calc(50vw - 640px));background:#fafafa}
.sl-full{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.4fr);gap:24px;align-items:start}
.sl-full .sl-main{width:100%;border-radius:10px;aspect-ratio:4/5;object-fit:cover}
.sl-actions{display:flex;justify-content:flex-end;margin-top:16px}
.sl-t-one_column .sl-grid{grid-template-columns:1fr}
.sl-t-one_column .sl-item{flex-direction:row;align-items:center}
.sl-t-one_column .sl-item-media{width:140px;flex:none}
.sl-t-multi_col .sl-grid{grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px}
.sl-lines{display:flex;flex-direction:column;border:1px solid #e6e6e6;border-radius:10px;background:#fff}
.sl-line{flex-direction:row;align-items:center;gap:12px;border:0;border-bottom:1px solid #eee;border-radius:0;padding:10px 14px}
.sl-line img,.sl-line .sl-noimg{width:56px;height:56px;object-fit:cover;border-radius:6px;background:#f2f2f2;flex:none}
.sl-qty{display:flex;flex-direction:column;font-size:.8em}
.sl-qty-input{width:56px;padding:4px;border:1px solid #ccc;border-radius:6px;font:inherit}
.sl-lines-foot{display:flex;align-items:center;gap:12px;padding:12px 14px;justify-content:flex-end}
.sl-lines-foot .sl-atc{margin:0}
.sl-popup[hidden]{display:none}
.sl-popup{position:fixed;inset:0;z-index:2147483000;background:#0008;display:flex;align-items:center;justify-content:center;padding:16px}
.sl-popup-panel{position:relative;background:#fff;border-radius:12px;max-width:900px;width:100%;max-height:90vh;overflow:auto;padding:24px}
.sl-popup-close{position:absolute;top:8px;right:12px;border:0;background:none;font-size:28px;cursor:pointer}
@media (max-width:600px){.sl-full,.sl-t-left_sha .sl-shoppable{grid-template-columns:1fr}.sl-track{grid-auto-columns:75%}.sl-grid{grid-template-columns:repeat(2,minmax(0,1fr))}.sl-t-one_column .sl-grid,.sl-t-in_desc .sl-grid{grid-template-columns:1fr}.sl-t-one_column .sl-item-media{width:96px}.sl-line{flex-wrap:wrap}}
`;
