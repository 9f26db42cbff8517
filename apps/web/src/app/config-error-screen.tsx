import en, { type Translation } from '@dayfocus/contracts/locales/en';
import { useEffect, useState } from 'react';
import { languages } from 'virtual:dayfocus-languages';
import { loadTranslation, preferredOf } from '@/lib/i18n';

/** A language file the browser prefers, other than English (reviewed ones only: no configuration says more). */
function browserLanguage(): string | undefined {
  const known = languages.filter((language) => !language.pseudo && !language.awaitingReview).map((l) => l.code);
  return preferredOf(known, typeof navigator === 'undefined' ? [] : navigator.languages);
}

/**
 * Shown when `/config.json` cannot be loaded: the app cannot reach Firebase without it, nor
 * know which languages are switched on. So it speaks English, and the browser's own language
 * beside it when the app has that language's file (loaded after the English is on screen).
 */
export function ConfigErrorScreen({ detail }: { detail: string }) {
  const [second, setSecond] = useState<{ code: string; text: Translation['configError'] } | null>(null);
  useEffect(() => {
    const code = browserLanguage();
    if (!code || code === 'en') return;
    void loadTranslation(code)
      ?.then((strings) => setSecond({ code, text: strings.configError }))
      .catch(() => undefined); // English alone, then
  }, []);
  const text = en.web.configError;
  const other = (key: keyof Translation['configError']) => second && <span lang={second.code}>{second.text[key]}</span>;
  return (
    <main className="content config-error">
      <section className="page" role="alert">
        <h1>{text.title}</h1>
        {second && <p>{other('title')}</p>}
        <p>{text.body}</p>
        {second && <p>{other('body')}</p>}
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {text.retry}
          {second && <> · {other('retry')}</>}
        </button>
        <details>
          <summary>{text.details}</summary>
          <code>{detail}</code>
        </details>
      </section>
    </main>
  );
}
