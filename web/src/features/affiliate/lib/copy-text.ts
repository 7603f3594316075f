/**
 * Puts `text` on the clipboard. The Clipboard API needs a secure context (https or
 * localhost); elsewhere, or when it is refused, a selected off-screen textarea and
 * execCommand('copy') still work in most browsers. Rejects when nothing worked.
 */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission refused or the document lost focus: try the old way before giving up.
    }
  }
  if (!copyWithSelection(text)) throw new Error('Copying is not available in this browser');
}

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  try {
    area.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    previous?.focus();
  }
}
