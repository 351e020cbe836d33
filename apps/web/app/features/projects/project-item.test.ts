import { describe, expect, it } from 'vitest';
import { projectHeading } from './project-item';

describe('projectHeading', () => {
  it('joins name and title', () => {
    expect(projectHeading({ name: 'Kaldi', title: '语音识别工具箱' })).toBe('Kaldi - 语音识别工具箱');
  });

  it('shows the name alone without a title', () => {
    expect(projectHeading({ name: 'ESPnet', title: '' })).toBe('ESPnet');
  });
});
