/**
 * Queries for the search rows: words of the seeded posts (seed.ts `SENTENCES`), combined into
 * distinct one-to-three-word queries in a fixed pseudo-random order, so every search of the
 * `search, uncached` row is one the site has not ranked before (no shared answer, no kept ranking).
 */
export const SEED_WORDS = [
  ...['语音', '识别', 'Conformer', 'CTC', '训练', 'WER', '采样率', '流式', 'RNN-T', '延迟'],
  ...['准确率', '方言', 'ASR', '数据', '增强', '速度', '扰动', '加噪', 'SpecAugment', 'TTS'],
  ...['韵律', '建模', 'VITS', '长句', '吞字', '唤醒', '模型', '量化', 'int8', '误唤醒率'],
  ...['说话人', '日志', 'diarization', '会议', '场景', '评估', '声学', '语言', '联合', '解码'],
  ...['热词', '权重', '中文', '清洗', '工具', '开源', '课堂', '录音', '16k', '试用'],
];

/** A small deterministic generator (mulberry32), so every run sends the same queries. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` distinct queries of one to three distinct seeded words (a third of each length). */
export function distinctQueries(count: number, seed = 1): string[] {
  const next = random(seed);
  const queries = new Set<string>();
  // One-word queries are only 50: the rest are two and three words.
  for (let attempt = 0; queries.size < count && attempt < count * 20; attempt++) {
    const length = 1 + Math.floor(next() * 3);
    const words = new Set<string>();
    while (words.size < length) words.add(SEED_WORDS[Math.floor(next() * SEED_WORDS.length)]!);
    queries.add([...words].join(' '));
  }
  return [...queries];
}
