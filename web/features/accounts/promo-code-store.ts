/**
 * The promo code a visitor applied on /checkout, carried to /setup-account in sessionStorage as
 * `promo_code`: not in the URL (it would land in history, logs and referrers) and never in the bundle
 * (docs/product-rules.md#plans-and-limits: codes live only on the server, which checks it again on sign-up).
 */
const KEY = 'promo_code';

export function readPromoCode(): string | null {
  try {
    const code = window.sessionStorage.getItem(KEY)?.trim();
    return code ? code : null;
  } catch {
    return null;
  }
}

export function storePromoCode(code: string): void {
  try {
    window.sessionStorage.setItem(KEY, code);
  } catch {
    // Storage blocked: the setup page then offers the way back to /checkout.
  }
}

export function clearPromoCode(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {}
}
