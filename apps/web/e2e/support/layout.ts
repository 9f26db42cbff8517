/**
 * What the pseudo-locales show (docs/languages.md): a string that escaped translation (plain
 * English on an en-XA page), a layout that breaks on longer words (text clipped, controls on top of
 * each other, a page wider than the screen), and a page that does not mirror right to left (ar-XB).
 * And whether anything on a page moved: its buttons' and links' places and its layout shifts; and
 * which of its actions are drawn filled.
 */
import type { Page } from 'playwright-core';
import { layoutShifts, watchLayoutShifts } from '@dayfocus/stack/layout-shifts';

/** Every way the page's layout fails its text: each problem names the element. */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''}> "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1)
      problems.push(`the page is ${root.scrollWidth}px wide on a ${window.innerWidth}px screen`);
    // What the person sees: a closed menu's links have boxes (layout is forced on them) but are not drawn.
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true });
    };
    const texts = [...document.querySelectorAll('h1, h2, p, label, button, a, li, summary')].filter(shown);
    for (const el of texts) {
      const box = el as HTMLElement;
      if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'visible')
        problems.push(`${name(el)} is clipped (${box.scrollWidth}px of text in ${box.clientWidth}px)`);
    }
    // Buttons and links (a field's own button, such as "Show password", sits inside its input by design).
    const controls = [...document.querySelectorAll('button, a')].filter(shown);
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.left < -1 || box.right > window.innerWidth + 1) problems.push(`${name(control)} is off the screen`);
    }
    controls.forEach((a, i) =>
      controls.slice(i + 1).forEach((b) => {
        if (a.contains(b) || b.contains(a)) return;
        const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const overlapX = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const overlapY = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (overlapX > 2 && overlapY > 2) problems.push(`${name(a)} and ${name(b)} overlap`);
      }),
    );
    return problems;
  });
}

/**
 * The words of the page (its text, and the alt, aria-label, title and placeholder of its elements)
 * that are plain English: runs of three or more unaccented Latin letters, once the page's data
 * (`allowed`: names, addresses, brands that stay as they are) is taken out.
 */
export async function plainEnglish(page: Page, allowed: readonly string[]): Promise<string[]> {
  const words = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // The language switch names each language in its own words, English in English.
      if (!parent || parent.closest('script, style, noscript, .language-select')) continue;
      found.push(node.textContent ?? '');
    }
    for (const el of document.body.querySelectorAll('[alt], [aria-label], [title], [placeholder]'))
      for (const attribute of ['alt', 'aria-label', 'title', 'placeholder'])
        if (!el.closest('.language-select')) found.push(el.getAttribute(attribute) ?? '');
    return found;
  });
  const plain: string[] = [];
  for (const text of words) {
    let rest = text.replace(/\S+@\S+\.\w+/g, ' ');
    for (const value of allowed) rest = rest.split(value).join(' ');
    for (const match of rest.matchAll(/[A-Za-z]{3,}/g)) plain.push(`"${match[0]}" in "${text.trim().slice(0, 60)}"`);
  }
  return plain;
}

/** Whether the page is laid out right to left: its direction, and the header's brand at the right. */
export function mirroringProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (getComputedStyle(document.documentElement).direction !== 'rtl') problems.push('<html> is not right to left');
    const brand = document.querySelector('header .brand')?.getBoundingClientRect();
    if (brand && brand.left < window.innerWidth / 2)
      problems.push(`the brand sits at the left (x ${Math.round(brand.left)}) of a right-to-left page`);
    const heading = document.querySelector('h1');
    if (heading && getComputedStyle(heading).textAlign === 'left') problems.push('the heading is aligned left');
    return problems;
  });
}

/**
 * Where every button and link of the page is, and the layout shifts the page has had since it
 * opened (each shift's score, input-driven ones included: a failure comes long after the tap).
 */
export async function watchLayout(page: Page) {
  await watchLayoutShifts(page);
  return {
    shifts: async () => (await layoutShifts(page)).total,
    boxes: () =>
      page.locator('main a, main button').evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return `${element.textContent?.trim()} ${Math.round(box.x + scrollX)},${Math.round(box.y + scrollY)}`;
        }),
      ),
  };
}

/**
 * The page's actions among `selector` drawn filled (a ground of their own, not the card's), by
 * their words: a page has one primary action, and a person reads the filled button as it.
 */
export function filledActions(page: Page, selector = '.page a, .page button'): Promise<string[]> {
  return page.evaluate((actions) => {
    const card = document.querySelector('.page');
    const ground = card ? getComputedStyle(card).backgroundColor : 'rgb(255, 255, 255)';
    return [...document.querySelectorAll<HTMLElement>(actions)]
      .filter((action) => action.getClientRects().length > 0)
      .filter((action) => {
        const color = getComputedStyle(action).backgroundColor;
        return color !== ground && color !== 'rgba(0, 0, 0, 0)';
      })
      .map((action) => action.textContent?.trim() ?? '');
  }, selector);
}
