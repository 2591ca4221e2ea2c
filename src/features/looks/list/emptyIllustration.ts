/** A small inline illustration for the looks empty state (no external image host needed). */
export const EMPTY_LOOKS_ILLUSTRATION =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="226" height="160" viewBox="0 0 226 160">' +
      '<rect x="18" y="22" width="110" height="124" rx="12" fill="#e3f1df"/>' +
      '<rect x="34" y="38" width="78" height="70" rx="8" fill="#b4e1c1"/>' +
      '<rect x="34" y="118" width="56" height="10" rx="5" fill="#8cc79a"/>' +
      '<rect x="140" y="34" width="68" height="46" rx="10" fill="#f4f6f8" stroke="#c9cccf"/>' +
      '<rect x="140" y="92" width="68" height="46" rx="10" fill="#f4f6f8" stroke="#c9cccf"/>' +
      '<circle cx="74" cy="72" r="9" fill="#fff" stroke="#008060" stroke-width="4"/>' +
      '</svg>',
  );
