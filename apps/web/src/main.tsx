import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the web companion's screens are built (see the web issue).
function Placeholder() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', margin: '4rem auto', maxWidth: '32rem', padding: '0 1rem' }}>
      <h1>Dayfocus</h1>
      <p>Friends help each other finish everyday tasks. Get the app to join your friend.</p>
    </main>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
