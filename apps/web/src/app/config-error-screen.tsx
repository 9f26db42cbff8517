import { brand } from '@dayfocus/contracts/brand';

/**
 * Shown when `/config.json` cannot be loaded: the app cannot reach Firebase without it. The
 * translations are not chosen yet at that point, so it speaks both languages.
 */
export function ConfigErrorScreen({ detail }: { detail: string }) {
  return (
    <main className="content config-error">
      <section className="page" role="alert">
        <h1>{brand.productName} is not available right now</h1>
        <p lang="hi">{brand.productName} अभी उपलब्ध नहीं है</p>
        <p>The page could not load its settings. Please try again in a moment.</p>
        <p lang="hi">पेज अपनी सेटिंग लोड नहीं कर सका। कृपया थोड़ी देर में फिर से कोशिश करें।</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Try again · <span lang="hi">फिर से कोशिश करें</span>
        </button>
        <details>
          <summary>Details</summary>
          <code>{detail}</code>
        </details>
      </section>
    </main>
  );
}
