import { describe, expect, it } from 'vitest';
import { convertCase, mapLines, sentenceCase, titleCase } from './caseConvert';
import { CASE_MODES } from './modes';

describe('upper and lower case', () => {
  it('changes every letter, accents and German ß included, and nothing else', () => {
    expect(convertCase('Crème brûlée, 42 € — straße!', 'upper')).toBe('CRÈME BRÛLÉE, 42 € — STRASSE!');
    expect(convertCase('ÉCOLE Normale SUPÉRIEURE\r\nΣΟΦΙΑ', 'lower')).toBe('école normale supérieure\r\nσοφια');
    expect(convertCase('汉字 stays 汉字', 'upper')).toBe('汉字 STAYS 汉字');
  });
  it('does not depend on the locale (no Turkish dotless i)', () => {
    expect(convertCase('TITLE', 'lower')).toBe('title');
    expect(convertCase('istanbul', 'upper')).toBe('ISTANBUL');
  });
});

describe('title case', () => {
  it('keeps small words lower case inside a title, capitalizes them at its ends and after a colon', () => {
    expect(titleCase('the lord of the rings: the return of the king')).toBe('The Lord of the Rings: The Return of the King');
    expect(titleCase('what are you looking at')).toBe('What Are You Looking At');
    expect(titleCase('why? a story of love and war')).toBe('Why? A Story of Love and War');
  });
  it('keeps acronyms and mixed-case words, folds a line written all in capitals', () => {
    expect(titleCase('what is NASA doing with the iPhone? a look at it')).toBe('What Is NASA Doing With the iPhone? A Look at It');
    expect(titleCase('THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG')).toBe('The Quick Brown Fox Jumps Over the Lazy Dog');
  });
  it('handles numbers, accents, apostrophes and hyphens', () => {
    expect(titleCase('the 2nd edition of 1984 by orwell')).toBe('The 2nd Edition of 1984 by Orwell');
    expect(titleCase("l'été à paris — don't stop")).toBe("L'été À Paris — Don't Stop");
    expect(titleCase('a follow-up on state-of-the-art tools')).toBe('A Follow-Up on State-of-the-Art Tools');
  });
  it('leaves URLs, e-mail addresses and file names as written', () => {
    expect(titleCase('visit example.com or mail me@x.org about notes.txt')).toBe('Visit example.com or Mail me@x.org About notes.txt');
  });
  it('works line by line and keeps every line ending and space', () => {
    expect(titleCase('first  title\r\nsecond one\n\n  third\r')).toBe('First  Title\r\nSecond One\n\n  Third\r');
  });
});

describe('sentence case', () => {
  it('capitalizes the start of each sentence and paragraph, lower-cases the rest', () => {
    expect(sentenceCase('Hello There. This Is It! is it? yes.\n\nnew paragraph')).toBe('Hello there. This is it! Is it? Yes.\n\nNew paragraph');
  });
  it('keeps acronyms, mixed-case words and the pronoun I, unless the line is all capitals', () => {
    expect(sentenceCase("The NASA team and i think I'm right about the iPhone")).toBe("The NASA team and i think I'm right about the iPhone");
    expect(sentenceCase('WARNING: DO NOT ENTER. AUTHORIZED PERSONNEL ONLY.')).toBe('Warning: do not enter. Authorized personnel only.');
  });
  it('does not end a sentence at an abbreviation, and knows Chinese full stops', () => {
    expect(sentenceCase('Fruit, e.g. Apples. Dr. Smith Said so.')).toBe('Fruit, e.g. apples. Dr. smith said so.');
    expect(sentenceCase('你好。hello World？好的！and more')).toBe('你好。Hello world？好的！And more');
  });
  it('keeps line endings and a quote before the next sentence', () => {
    expect(sentenceCase('one. "two" three.\r\nFour Five\r\n')).toBe('One. "Two" three.\r\nFour five\r\n');
  });
});

describe('identifier cases (change-case), one identifier per line', () => {
  const tricky = ['XMLHttpRequest', 'parse HTML string', 'iPhone 15 Pro Max', 'Crème brûlée à la mode', 'foo_bar-baz qux.quux', "user's name", 'version 1.2.10'];
  const expected: Record<'camel' | 'pascal' | 'snake' | 'kebab' | 'constant' | 'dot', string[]> = {
    camel: ['xmlHttpRequest', 'parseHtmlString', 'iPhone15ProMax', 'crèmeBrûléeÀLaMode', 'fooBarBazQuxQuux', 'usersName', 'version1210'],
    pascal: ['XmlHttpRequest', 'ParseHtmlString', 'IPhone15ProMax', 'CrèmeBrûléeÀLaMode', 'FooBarBazQuxQuux', 'UsersName', 'Version1210'],
    snake: ['xml_http_request', 'parse_html_string', 'i_phone_15_pro_max', 'crème_brûlée_à_la_mode', 'foo_bar_baz_qux_quux', 'users_name', 'version_1_2_10'],
    kebab: ['xml-http-request', 'parse-html-string', 'i-phone-15-pro-max', 'crème-brûlée-à-la-mode', 'foo-bar-baz-qux-quux', 'users-name', 'version-1-2-10'],
    constant: ['XML_HTTP_REQUEST', 'PARSE_HTML_STRING', 'I_PHONE_15_PRO_MAX', 'CRÈME_BRÛLÉE_À_LA_MODE', 'FOO_BAR_BAZ_QUX_QUUX', 'USERS_NAME', 'VERSION_1_2_10'],
    dot: ['xml.http.request', 'parse.html.string', 'i.phone.15.pro.max', 'crème.brûlée.à.la.mode', 'foo.bar.baz.qux.quux', 'users.name', 'version.1.2.10'],
  };
  it.each(Object.keys(expected) as (keyof typeof expected)[])('%s: acronyms, numbers, accents, mixed separators, apostrophes', (mode) => {
    expect(tricky.map((s) => convertCase(s, mode))).toEqual(expected[mode]);
  });
  it('converts each line on its own and keeps indentation, blank lines and CRLF', () => {
    expect(convertCase('first name\r\n  last-name  \r\n\r\nAGE_IN_YEARS', 'camel')).toBe('firstName\r\n  lastName  \r\n\r\nageInYears');
    expect(convertCase('  __private value__\n', 'snake')).toBe('  private_value\n');
  });
});

describe('every case mode', () => {
  it.each(CASE_MODES)('%s keeps the number and kind of line endings and returns "" for ""', (mode) => {
    const text = 'Alpha beta\r\ngamma DELTA\nepsilon\rzeta';
    const endings = (s: string) => s.match(/\r\n|\n|\r/g);
    expect(endings(convertCase(text, mode))).toEqual(['\r\n', '\n', '\r']);
    expect(convertCase('', mode)).toBe('');
  });
  it('mapLines hands over lines without their endings', () => {
    const seen: string[] = [];
    expect(mapLines('a\r\nb\n\nc', (l) => (seen.push(l), l.toUpperCase()))).toBe('A\r\nB\n\nC');
    expect(seen).toEqual(['a', 'b', '', 'c']);
  });
});

describe('what each mode lowercases (issue 18)', () => {
  it('title and sentence case fold words typed with Caps Lock on and words in capitals of five letters or more', () => {
    expect(titleCase('hello wORLD')).toBe('Hello World');
    expect(titleCase('ÉCOLE normale supérieure')).toBe('École Normale Supérieure');
    expect(sentenceCase('hello wORLD. ÉCOLE normale')).toBe('Hello world. École normale');
    expect(sentenceCase('hELLO wORLD, tHIS iS iT')).toBe('Hello world, this is it');
  });
  it('keeps short acronyms and deliberate mixed case, but not English small words written in capitals', () => {
    expect(titleCase('the EU and NASA on iOS and macOS with McDonald')).toBe('The EU and NASA on iOS and macOS With McDonald');
    expect(titleCase('lord OF the rings')).toBe('Lord of the Rings');
    expect(sentenceCase("Ask NASA's team about the iPhone")).toBe("Ask NASA's team about the iPhone");
  });
  it('works in every script that has case: Greek (final sigma), Cyrillic, Armenian, German ß', () => {
    expect(titleCase('η ΛΕΩΦΟΡΟΣ προς την αθηνα')).toBe('Η Λεωφορος Προς Την Αθηνα');
    expect(titleCase('η ΛΕΩΦΟΡΟΣ').endsWith('\u03c2')).toBe(true); // ς, the final form
    expect(sentenceCase('ПРИВЕТ, мир. МОСКВА и СССР')).toBe('Привет, мир. Москва и СССР');
    expect(titleCase('բարեւ ՁԵԶԱՆՔ')).toBe('Բարեւ Ձեզանք');
    expect(titleCase('die straße ist ÜBERFLUTET')).toBe('Die Straße Ist Überflutet');
    expect(sentenceCase('ßtraße')).toBe('Sstraße'); // ß has no single capital: its title case is "Ss"
    expect(titleCase('ǆungla')).toBe('ǅungla'); // the digraph's own title-case letter
  });
  it('leaves Chinese, Japanese and Korean untouched in every mode', () => {
    for (const mode of CASE_MODES) expect(convertCase('汉字かなカナ한글', mode)).toBe('汉字かなカナ한글');
  });
  it('identifier cases fold Caps Lock words before splitting them', () => {
    expect(convertCase('hello wORLD', 'camel')).toBe('helloWorld');
    expect(convertCase('hello wORLD', 'pascal')).toBe('HelloWorld');
    expect(convertCase('hello wORLD', 'snake')).toBe('hello_world');
    expect(convertCase('ÉCOLE normale', 'camel')).toBe('écoleNormale');
    expect(convertCase('ΚΑΛΗ μερα', 'kebab')).toBe('καλη-μερα');
    expect(convertCase('добрый ДЕНЬ', 'camel')).toBe('добрыйДень');
  });
});
