/**
 * Bible references as people write them ("John 3", "1 Cor 13:4-7",
 * "Ps 23", "Rom 8:28–9:5; Gal 5"), read by the OpenBible.info parser
 * (bible-passage-reference-parser: book names and their common
 * abbreviations, chapters, verse ranges, the verses each chapter has), and
 * turned into verse ranges the database compares: a verse is numbered
 * book × 1,000,000 + chapter × 1,000 + verse, the books in the order of the
 * Protestant canon (1 Genesis … 66 Revelation). Two passages overlap when
 * each starts before the other ends.
 */
import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as english from 'bible-passage-reference-parser/esm/lang/en.js';

/** The 66 books: the parser's OSIS code, and the name the site writes. */
export const BIBLE_BOOKS: readonly { osis: string; name: string }[] = [
  ['Gen', 'Genesis'],
  ['Exod', 'Exodus'],
  ['Lev', 'Leviticus'],
  ['Num', 'Numbers'],
  ['Deut', 'Deuteronomy'],
  ['Josh', 'Joshua'],
  ['Judg', 'Judges'],
  ['Ruth', 'Ruth'],
  ['1Sam', '1 Samuel'],
  ['2Sam', '2 Samuel'],
  ['1Kgs', '1 Kings'],
  ['2Kgs', '2 Kings'],
  ['1Chr', '1 Chronicles'],
  ['2Chr', '2 Chronicles'],
  ['Ezra', 'Ezra'],
  ['Neh', 'Nehemiah'],
  ['Esth', 'Esther'],
  ['Job', 'Job'],
  ['Ps', 'Psalms'],
  ['Prov', 'Proverbs'],
  ['Eccl', 'Ecclesiastes'],
  ['Song', 'Song of Songs'],
  ['Isa', 'Isaiah'],
  ['Jer', 'Jeremiah'],
  ['Lam', 'Lamentations'],
  ['Ezek', 'Ezekiel'],
  ['Dan', 'Daniel'],
  ['Hos', 'Hosea'],
  ['Joel', 'Joel'],
  ['Amos', 'Amos'],
  ['Obad', 'Obadiah'],
  ['Jonah', 'Jonah'],
  ['Mic', 'Micah'],
  ['Nah', 'Nahum'],
  ['Hab', 'Habakkuk'],
  ['Zeph', 'Zephaniah'],
  ['Hag', 'Haggai'],
  ['Zech', 'Zechariah'],
  ['Mal', 'Malachi'],
  ['Matt', 'Matthew'],
  ['Mark', 'Mark'],
  ['Luke', 'Luke'],
  ['John', 'John'],
  ['Acts', 'Acts'],
  ['Rom', 'Romans'],
  ['1Cor', '1 Corinthians'],
  ['2Cor', '2 Corinthians'],
  ['Gal', 'Galatians'],
  ['Eph', 'Ephesians'],
  ['Phil', 'Philippians'],
  ['Col', 'Colossians'],
  ['1Thess', '1 Thessalonians'],
  ['2Thess', '2 Thessalonians'],
  ['1Tim', '1 Timothy'],
  ['2Tim', '2 Timothy'],
  ['Titus', 'Titus'],
  ['Phlm', 'Philemon'],
  ['Heb', 'Hebrews'],
  ['Jas', 'James'],
  ['1Pet', '1 Peter'],
  ['2Pet', '2 Peter'],
  ['1John', '1 John'],
  ['2John', '2 John'],
  ['3John', '3 John'],
  ['Jude', 'Jude'],
  ['Rev', 'Revelation'],
].map(([osis, name]) => ({ osis: osis!, name: name! }));

const BOOK_NUMBER = new Map(BIBLE_BOOKS.map((b, i) => [b.osis, i + 1]));

/** A passage: its book (1–66) and first and last verses, numbered as above. */
export interface PassageRange {
  book: number;
  start: number;
  end: number;
  /** As the site writes it: 'John 3', '1 Corinthians 13:4–7', 'Romans 8:28–9:5'. */
  reference: string;
}

const VERSE = 1_000;
const BOOK = 1_000_000;

export const verseNumber = (book: number, chapter: number, verse: number): number => book * BOOK + chapter * VERSE + verse;
const split = (n: number) => ({ book: Math.floor(n / BOOK), chapter: Math.floor((n % BOOK) / VERSE), verse: n % VERSE });

/** The book's name, 1–66. */
export const bookName = (book: number): string => BIBLE_BOOKS[book - 1]?.name ?? '';

/** The slug of a book for addresses: '1-corinthians'. */
export const bookSlug = (book: number): string => bookName(book).toLowerCase().replace(/\s+/g, '-');

/** A book from its slug, its name or an abbreviation ('1-corinthians', '1 Cor', 'ps'); null when none. */
export function findBook(text: string): number | null {
  const wanted = text.trim().toLowerCase().replace(/-/g, ' ');
  const byName = BIBLE_BOOKS.findIndex((b) => b.name.toLowerCase() === wanted);
  if (byName >= 0) return byName + 1;
  const [range] = parsePassages(text);
  return range ? range.book : null;
}

let parser: bcv_parser | null = null;
function bcv(): bcv_parser {
  if (!parser) {
    parser = new bcv_parser(english);
    parser.set_options({
      // "Jude" alone is the whole book; "John 3" the whole chapter.
      book_alone_strategy: 'full',
      // "Gen 1:1; Ex 3:14" stays two passages.
      sequence_combination_strategy: 'separate',
      osis_compaction_strategy: 'bcv',
      // The Protestant canon only.
      testaments: 'on',
    });
  }
  return parser;
}

/** The verses of a chapter in the parser's versification (the ESV's, as most English Bibles). */
function versesIn(book: number, chapter: number): number {
  const osis = BIBLE_BOOKS[book - 1]!.osis;
  const chapters = (bcv().translation_info('default').chapters as Record<string, number[]>)[osis] ?? [];
  return chapters[chapter - 1] ?? 0;
}

/** 'John.3.16' → its verse number; null for a book outside the 66. */
function osisVerse(osis: string): number | null {
  const [code, chapter, verse] = osis.split('.');
  const book = BOOK_NUMBER.get(code ?? '');
  if (!book || !chapter || !verse) return null;
  return verseNumber(book, Number(chapter), Number(verse));
}

/** How the site writes a range of verses. */
export function formatRange(start: number, end: number): string {
  const a = split(start);
  const b = split(end);
  // One psalm is a Psalm ("Psalm 23"); several, or the book, are the Psalms.
  const name = a.book === 19 && a.book === b.book && a.chapter === b.chapter ? 'Psalm' : bookName(a.book);
  const oneChapterBook = versesIn(a.book, 2) === 0;
  const wholeFirst = a.verse === 1;
  const wholeLast = b.verse === versesIn(b.book, b.chapter);
  if (a.book !== b.book)
    return `${formatRange(start, verseNumber(a.book, 999, 999))} – ${formatRange(verseNumber(b.book, 1, 1), end)}`;
  const lastChapter = bcvChapters(a.book);
  if (wholeFirst && wholeLast && a.chapter === 1 && b.chapter === lastChapter) return name;
  if (oneChapterBook) return a.verse === b.verse ? `${name} ${a.verse}` : `${name} ${a.verse}–${b.verse}`;
  if (wholeFirst && wholeLast) return a.chapter === b.chapter ? `${name} ${a.chapter}` : `${name} ${a.chapter}–${b.chapter}`;
  if (a.chapter === b.chapter)
    return a.verse === b.verse ? `${name} ${a.chapter}:${a.verse}` : `${name} ${a.chapter}:${a.verse}–${b.verse}`;
  return `${name} ${a.chapter}:${a.verse}–${b.chapter}:${b.verse}`;
}

function bcvChapters(book: number): number {
  const osis = BIBLE_BOOKS[book - 1]!.osis;
  return ((bcv().translation_info('default').chapters as Record<string, number[]>)[osis] ?? []).length;
}

/**
 * Every passage in `text` ('John 3:16; 1 Cor 13'), in the order written;
 * none when it names no book of the Bible. A range past a book's end is cut
 * to it; a chapter that does not exist (Psalm 151) is no passage.
 */
export function parsePassages(text: string): PassageRange[] {
  if (!text.trim() || text.length > 500) return [];
  const osis = bcv().parse(text).osis();
  if (!osis) return [];
  const ranges: PassageRange[] = [];
  for (const part of osis.split(',')) {
    const [from, to = from] = part.split('-');
    const start = osisVerse(from!);
    let end = osisVerse(to!);
    if (start === null || end === null) continue;
    if (end < start) end = start;
    const book = split(start).book;
    // A range that runs into another book ends with the first (a sermon passage is one book's).
    if (split(end).book !== book) {
      const last = bcvChapters(book);
      end = verseNumber(book, last, versesIn(book, last));
    }
    ranges.push({ book, start, end, reference: formatRange(start, end) });
  }
  return ranges;
}

/** Whether two ranges share a verse. */
export const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }): boolean =>
  a.start <= b.end && b.start <= a.end;
