import { describe, expect, it } from 'vitest';
import { mergeTextRuns } from './text-runs';

// Three words as Quartz writes them (MIE1.1-20070121.pdf, page 2), between a clip and a line.
const QUARTZ = [
  'q 18 40.0801 576 733.92 re W n',
  'q 0.24 0 0 -0.24 18 774 cm BT 56 0 0 -56 987 201 Tm /F1.0 1 Tf (Table of Contents) Tj ET Q',
  'q 0.24 0 0 -0.24 18 774 cm BT 50 0 0 -50 225 319 Tm /F1.0 1 Tf (What is MIE?) Tj ET Q',
  'q 0.24 0 0 -0.24 18 774 cm BT 50 0 0 -50 533.25 319 Tm /F1.0 1 Tf (.) Tj ET Q',
  'q 0.24 0 0 -0.24 18 774 cm BT 50 0 0 -50 546.25 319 Tm /F2.0 1 Tf <0012> Tj ET Q',
  '0 0 m 10 0 l S Q',
].join('\n');

describe('mergeTextRuns', () => {
  it('writes a run of one-word blocks as one text object: scale in the font size, exact moves as Td, fonts once', () => {
    expect(mergeTextRuns(QUARTZ)).toBe(
      [
        'q 18 40.0801 576 733.92 re W n',
        'q 0.24 0 0 -0.24 18 774 cm BT 1 0 0 -1 987 201 Tm /F1.0 56 Tf (Table of Contents)Tj -762 -118 Td /F1.0 50 Tf (What is MIE?)Tj' +
          ' 308.25 0 Td (.)Tj 13 0 Td /F2.0 50 Tf <0012>Tj ET Q',
        '0 0 m 10 0 l S Q',
      ].join('\n'),
    );
  });

  it('is idempotent, and leaves alone what it cannot prove the same', () => {
    const once = mergeTextRuns(QUARTZ);
    expect(mergeTextRuns(once)).toBe(once);
    // One block alone, blocks under different cm, spacing set somewhere in the stream, an inline image.
    const one = 'q 1 0 0 1 0 0 cm BT 10 0 0 10 5 5 Tm /F1 1 Tf (a) Tj ET Q';
    expect(mergeTextRuns(one)).toBe(one);
    const twoCm = `${one}\nq 2 0 0 2 0 0 cm BT 10 0 0 10 5 5 Tm /F1 1 Tf (b) Tj ET Q`;
    expect(mergeTextRuns(twoCm)).toBe(twoCm);
    const pair = `${one} ${one}`;
    expect(mergeTextRuns(pair)).not.toBe(pair);
    expect(mergeTextRuns(`2 Tc ${pair}`)).toBe(`2 Tc ${pair}`);
    expect(mergeTextRuns(`BI /W 1 /H 1 ID x EI ${pair}`)).toBe(`BI /W 1 /H 1 ID x EI ${pair}`);
  });

  it('leaves blocks spelled inside a string (balanced parentheses are legal there) or a comment as they are', () => {
    const one = 'q 1 0 0 1 0 0 cm BT 10 0 0 10 5 5 Tm /F1 1 Tf (a) Tj ET Q';
    const shown = `BT /F1 12 Tf 72 700 Td (Example: ${one} ${one} ) Tj ET`;
    expect(mergeTextRuns(shown)).toBe(shown);
    const escaped = `${String.raw`BT /F1 12 Tf 72 700 Td (\\\) `}${one} ${one} ) Tj ET`;
    expect(mergeTextRuns(escaped)).toBe(escaped);
    const commented = `% ${one} ${one}\n0 0 m S`;
    expect(mergeTextRuns(commented)).toBe(commented);
    // A real run after such a string is still merged.
    expect(mergeTextRuns(`${shown}\n${one} ${one}`)).not.toBe(`${shown}\n${one} ${one}`);
    expect(mergeTextRuns(`${shown}\n${one} ${one}`).startsWith(`${shown}\n`)).toBe(true);
  });

  it('keeps a skewed or unevenly scaled text matrix as it was, and a move that is not exact as Tm', () => {
    const skew = 'q 1 0 0 1 0 0 cm BT 10 2 0 10 5 5 Tm /F1 1 Tf (a) Tj ET Q q 1 0 0 1 0 0 cm BT 10 0 0 12 7 5 Tm /F1 1 Tf (b) Tj ET Q';
    expect(mergeTextRuns(skew)).toBe('q 1 0 0 1 0 0 cm BT 10 2 0 10 5 5 Tm /F1 1 Tf (a)Tj 10 0 0 12 7 5 Tm /F1 1 Tf (b)Tj ET Q');
    const inexact = 'q 1 0 0 1 0 0 cm BT 10 0 0 10 0.1 5 Tm /F1 1 Tf (a) Tj ET Q q 1 0 0 1 0 0 cm BT 10 0 0 10 0.3 5 Tm /F1 1 Tf (b) Tj ET Q';
    expect(mergeTextRuns(inexact)).toBe('q 1 0 0 1 0 0 cm BT 1 0 0 1 0.1 5 Tm /F1 10 Tf (a)Tj 1 0 0 1 0.3 5 Tm (b)Tj ET Q');
  });
});
