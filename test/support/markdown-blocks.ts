/** A fenced code block of a Markdown file: its info string, its text and the line its fence opens on. */
export interface FencedBlock {
  info: string;
  text: string;
  line: number;
}

/** The file's ``` blocks in order (a block's text ends with a newline; an unclosed fence is an error). */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const lines = markdown.split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const close = lines.findIndex((line, j) => j > i && line === '```');
    if (close < 0) throw new Error(`the fence on line ${i + 1} is never closed`);
    blocks.push({ info: open[1]!.trim(), text: lines.slice(i + 1, close).map((line) => `${line}\n`).join(''), line: i + 1 });
    i = close;
  }
  return blocks;
}
