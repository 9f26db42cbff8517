/**
 * One word for one thing, and one register, in each language (docs/languages.md, "Glossary"): what
 * a translator of the language uses, and the words and endings that read as another thing or
 * another voice in the same file. The language files' test refuses an avoided one in a file's
 * strings (web, server, mails, pushes), so the next translator follows it.
 */
export interface GlossaryEntry {
  /** The thing, in English. */
  thing: string;
  /** The word the language's files use for it. */
  word: string;
  /** Words (or endings) the files do not use, each with why; matched as written. */
  avoid: { text: string | RegExp; why: string }[];
}

export const glossary: Record<string, GlossaryEntry[]> = {
  hi: [
    {
      thing: 'invitation',
      word: 'निमंत्रण',
      avoid: [{ text: 'आमंत्रण', why: 'a second word for the same invitation (the pushes say निमंत्रण)' }],
    },
    {
      thing: '"confirm password" (the password typed again)',
      word: 'पासवर्ड दोबारा',
      avoid: [{ text: 'पुष्टि पासवर्ड दर्ज', why: 'reads as a password called "confirmation"' }],
    },
  ],
  ta: [
    {
      thing: 'link',
      word: 'லிங்க்',
      avoid: [
        {
          text: /(?<!இணைய )இணைப்ப/u,
          why: 'இணைப்பு is the (internet) connection, which the same pages name: only "இணைய இணைப்பு" keeps it',
        },
      ],
    },
    {
      thing: 'browser',
      word: 'பிரவுசர்',
      avoid: [{ text: 'உலாவி', why: 'a second word for the browser (the way-out notice says பிரவுசர்)' }],
    },
    {
      thing: 'button',
      word: 'பட்டன்',
      avoid: [{ text: 'பொத்தான்', why: 'a second word for the button' }],
    },
    {
      thing: 'a request to the reader (the register)',
      word: '-வும் (செய்யவும், திறக்கவும்)',
      avoid: [
        {
          // The verb's stem and -உங்கள் (பாருங்கள், பெறுங்கள்); a plural of a noun in -ம் (இலக்கங்கள்) is not one.
          text: /ுங்கள்/u,
          why: 'the -ங்கள் imperative is a second, warmer register',
        },
        { text: /(?:பெறுக|செய்க)(?=[.,!'`\s]|$)/u, why: 'the -க optative is a third, bookish register' },
      ],
    },
  ],
};
