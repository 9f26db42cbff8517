import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COPY_TAKEN_ATTRIBUTE, copyInviteTapScript } from './copy-invite-tap';

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeAll(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  // As the page's head runs it, before anything can be tapped.
  new Function(copyInviteTapScript())();
});

afterEach(() => {
  writeText.mockReset();
  document.body.replaceChildren();
  window.location.hash = '';
});

/** The server's confirmed page: the copy button inside a root whose handlers stand for React's. */
function page({ taken = false } = {}) {
  document.body.innerHTML = `
    <div id="root"><button type="button" data-copy-text="https://dayfocus.app/l/abc#signin=xyz"
      data-copy-then="#app-store"><span>Copy invite and get the app</span></button></div>`;
  const button = document.querySelector('button') as HTMLButtonElement;
  if (taken) button.setAttribute(COPY_TAKEN_ATTRIBUTE, '');
  const reachedRoot: Event[] = [];
  document.getElementById('root')?.addEventListener('click', (event) => reachedRoot.push(event), true);
  return { button, label: button.querySelector('span') as HTMLSpanElement, reachedRoot };
}

describe("the welcome page's copy before the app", () => {
  it('copies the text the button carries within the tap, then goes where it says', async () => {
    writeText.mockResolvedValue(undefined);
    const { label, reachedRoot } = page();
    label.click();
    expect(writeText).toHaveBeenCalledExactlyOnceWith('https://dayfocus.app/l/abc#signin=xyz');
    expect(reachedRoot).toEqual([]); // a React root still taking the page over never sees it
    await vi.waitFor(() => expect(window.location.hash).toBe('#app-store'));
  });

  it('goes to the store when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('NotAllowedError'));
    page().button.click();
    await vi.waitFor(() => expect(window.location.hash).toBe('#app-store'));
  });

  it("leaves a button the app has taken over to the app's own handler", () => {
    const { button, reachedRoot } = page({ taken: true });
    button.click();
    expect(writeText).not.toHaveBeenCalled();
    expect(reachedRoot).toHaveLength(1);
  });

  // Last: its write never settles, and the page stays on its way.
  it('copies once for a second tap while the first is on its way', () => {
    writeText.mockReturnValue(new Promise(() => undefined));
    const { button } = page();
    button.click();
    button.click();
    expect(writeText).toHaveBeenCalledTimes(1);
  });
});
