// The welcome page of a confirmed e-mail link, from the answer the server drew it with (its state
// block): the app shows that answer without calling activation again, so no stack is needed.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivationAnswer } from '@dayfocus/contracts/answers';
import { SERVER_STATE_ELEMENT_ID, serverStateScript } from '@/app/server-state';
import { getInviterQueryOptions } from '@/features/inviter/api/get-inviter';
import { createQueryClient } from '@/lib/react-query';
import { createConfig } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

const inviter = { inviterId: 'inviter-1', name: 'Asha Rao', photoUrl: 'https://x.example/asha.png' };

/** The server's welcome page, confirmed with `answer`, as the app finds it in the document. */
function serverConfirmed(answer: ActivationAnswer) {
  const holder = document.createElement('div');
  holder.innerHTML = serverStateScript({
    config: createConfig(),
    language: 'en',
    page: 'welcome',
    inviterId: inviter.inviterId,
    inviter,
    welcome: { kind: 'confirmed', answer },
  });
  document.head.append(...holder.children);
}

/** The greeting's live region, once the page (a lazy route) is there. */
async function news() {
  await screen.findByRole('heading', { name: 'Welcome' });
  return screen.getByRole('status');
}

function answerWith(fields: Partial<ActivationAnswer>): ActivationAnswer {
  return { status: 200, message: 'Document successfully written!', inviter, inviteLink: null, ...fields };
}

// The unit files share one document: the next file's page is not a server-rendered one.
afterEach(() => document.getElementById(SERVER_STATE_ELEMENT_ID)?.remove());

describe('the welcome page once activation has answered', () => {
  it('greets the new friend by name', async () => {
    serverConfirmed(answerWith({}));
    await renderApp(`/welcome/invitee-1/${inviter.inviterId}`);
    expect(await news()).toHaveTextContent('You and Asha Rao are now friends');
  });

  it('through a link that asks her first: her picture, that she will confirm, and no friendship claimed', async () => {
    serverConfirmed(answerWith({ joinRequested: true }));
    await renderApp(`/welcome/invitee-1/${inviter.inviterId}`);
    const greeting = await news();
    expect(greeting).toHaveTextContent('Asha Rao will confirm your friendship.');
    expect(greeting).toHaveTextContent(
      'Congratulations! Your account is active. You will see each other in Dayfocus once they do.',
    );
    expect(screen.getByRole('img', { name: 'Profile picture of Asha Rao' })).toHaveAttribute('src', inviter.photoUrl);
    expect(screen.queryByText(/are now friends/)).not.toBeInTheDocument();
  });

  it("claims no friendship the answer does not name, though the tab's sign-up pages knew the inviter", async () => {
    serverConfirmed(answerWith({ inviter: null }));
    const queryClient = createQueryClient();
    queryClient.setQueryData(getInviterQueryOptions(inviter.inviterId).queryKey, inviter);
    await renderApp(`/welcome/invitee-1/${inviter.inviterId}`, { queryClient });
    const greeting = await news();
    expect(greeting).toHaveTextContent('Congratulations! Your account is active.');
    expect(screen.queryByText(/are now friends/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Profile picture of Asha Rao' })).not.toBeInTheDocument();
  });
});
