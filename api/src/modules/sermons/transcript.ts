/**
 * WebVTT transcripts (captions): the cues' times and words, read once when
 * the file is uploaded, so the sermon's page shows the transcript as text
 * whose times seek the player, and the search finds its words.
 */

export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** '01:02:03.500' or '02:03.500' → seconds; null when it is not a WebVTT time. */
function readTime(text: string): number | null {
  const match = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(match[4]) / 1000;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', lrm: '', rlm: '', quot: '"', apos: "'" };

/** A cue's text as words: its tags (<v Pastor Ruth>, <i>, <c.loud>, timestamps) and entities undone. */
function cueWords(lines: string[]): string {
  return lines
    .join(' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm|quot|apos);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether `text` is a WebVTT file (its first line says so). */
export const isWebVtt = (text: string): boolean => /^\uFEFF?WEBVTT(?:[ \t].*)?(?:\r?\n|$)/.test(text);

/** The cues of a WebVTT file, in time order; null when it is not one. */
export function parseWebVtt(text: string): Cue[] | null {
  if (!isWebVtt(text)) return null;
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .slice(1);
  const cues: Cue[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((line, i) => i > 0 || line.trim() !== '');
    const timing = lines.findIndex((line) => line.includes('-->'));
    // NOTE, STYLE and REGION blocks, and anything else without a timing line, are not cues.
    if (timing < 0 || timing > 1) continue;
    const [from, rest = ''] = lines[timing]!.split('-->');
    const start = readTime(from ?? '');
    const end = readTime(rest.trim().split(/\s+/)[0] ?? '');
    if (start === null || end === null || end < start) continue;
    const words = cueWords(lines.slice(timing + 1));
    if (words) cues.push({ start, end, text: words });
  }
  return cues.sort((a, b) => a.start - b.start);
}
