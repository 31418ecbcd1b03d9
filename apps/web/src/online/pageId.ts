/** A page's own name for the server, drawn when it loads (24 hex digits): its stream and its visibility words carry it. */
export const newPageId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
