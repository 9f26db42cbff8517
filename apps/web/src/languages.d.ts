/** The set of language files' facts (apps/web/vite-languages.ts makes this module at build time). */
declare module 'virtual:dayfocus-languages' {
  export type { LanguageFacts } from '../vite-languages';
  export const languages: readonly import('../vite-languages').LanguageFacts[];
}
