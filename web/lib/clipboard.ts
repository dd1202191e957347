/**
 * Copies text to the clipboard. The Clipboard API needs a secure context (https or localhost) and
 * permission; where it is missing or refused, a selected off-screen textarea and execCommand('copy')
 * still work in every browser we support. Resolves false when neither could copy.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Permission refused or the document is not focused: try the fallback.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  document.body.append(area);
  const previousFocus = document.activeElement as HTMLElement | null;
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  previousFocus?.focus();
  return copied;
}
