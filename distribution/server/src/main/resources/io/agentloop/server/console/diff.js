// The line difference of two texts, for the console's approval cards: what a write or an edit
// waiting for a person's decision would change. Plain functions, no page access: console.js draws it.
'use strict';

window.AgentloopDiff = (() => {
  /** Beyond this many compared line pairs the texts are shown as all removed, then all added. */
  const MOST_CELLS = 4000000;

  function split(text) {
    if (text === '') return [];
    const lines = String(text).split(/\r\n|\r|\n/);
    if (lines[lines.length - 1] === '') lines.pop(); // a final newline ends the last line, it adds none
    return lines;
  }

  /**
   * The lines of {@code after} against {@code before}, in order: {kind: 'same' | 'del' | 'add', text}.
   * The longest common subsequence of the lines between the common start and end.
   */
  function lines(before, after) {
    const a = split(before);
    const b = split(after);
    let start = 0;
    while (start < a.length && start < b.length && a[start] === b[start]) start++;
    let endA = a.length;
    let endB = b.length;
    while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
      endA--;
      endB--;
    }
    const out = a.slice(0, start).map((text) => ({ kind: 'same', text }));
    const midA = a.slice(start, endA);
    const midB = b.slice(start, endB);
    if (midA.length * midB.length > MOST_CELLS) {
      midA.forEach((text) => out.push({ kind: 'del', text }));
      midB.forEach((text) => out.push({ kind: 'add', text }));
    } else {
      middle(midA, midB, out);
    }
    a.slice(endA).forEach((text) => out.push({ kind: 'same', text }));
    return out;
  }

  function middle(a, b, out) {
    const n = a.length;
    const m = b.length;
    // common[i][j]: the length of the longest common subsequence of a[i..] and b[j..]
    const common = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (a[i] === b[j]) {
        out.push({ kind: 'same', text: a[i] });
        i++;
        j++;
      } else if (common[i + 1][j] >= common[i][j + 1]) {
        out.push({ kind: 'del', text: a[i++] });
      } else {
        out.push({ kind: 'add', text: b[j++] });
      }
    }
    while (i < n) out.push({ kind: 'del', text: a[i++] });
    while (j < m) out.push({ kind: 'add', text: b[j++] });
  }

  return { lines };
})();
